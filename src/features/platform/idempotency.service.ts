// Idempotency-Key (docs/decisions.md, API conventions) as a service: the response is stored by the business write's own
// transaction (the service calls `record` just before it commits), so a write and its key commit
// together or not at all; there is no "in progress" state that a crash could leave behind.
// The same key and request within 24 h replays the first response; the same key with another
// request is 409 idempotency_conflict. A request that fails stores nothing and may be retried.
import type { Executor } from '../../db/client.js';
import { conflict } from '../../lib/errors.js';
import type { ServiceContext } from './service-context.js';
import * as repo from './idempotency.repository.js';

export interface IdempotencyScope {
  firmId: string;
  principalId: string;
  key: string;
  /** SHA-256 of method, path and body: what makes a retry "the same request". */
  fingerprint: string;
}

/** Called by a service inside its writing transaction, with the result it is about to commit. */
export type RecordResponse<T> = (tx: Executor, result: T) => Promise<void>;

export type IdempotentOutcome<T> = { replayed: false; result: T } | { replayed: true; status: number; body: string };

class KeyTaken extends Error {}

export async function runIdempotent<T>(
  ctx: ServiceContext,
  scope: IdempotencyScope,
  status: number,
  write: (record: RecordResponse<T>) => Promise<T>,
): Promise<IdempotentOutcome<T>> {
  const replay = async (): Promise<IdempotentOutcome<T> | null> => {
    const existing = await repo.findIdempotencyRecord(ctx.db, scope.principalId, scope.key);
    if (!existing) return null;
    if (existing.fingerprint !== scope.fingerprint)
      throw conflict('idempotency_conflict', 'This Idempotency-Key was used with a different request');
    return { replayed: true, status: existing.response_status, body: existing.response_body };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    const result = await write(async (tx, value) => {
      const stored = await repo.insertIdempotencyRecord(tx, { ...scope, status, body: JSON.stringify(value) });
      // Roll the business write back: the request that holds the key already did it.
      if (!stored) throw new KeyTaken();
    });
    return { replayed: false, result };
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const winner = await replay();
    if (winner) return winner;
    throw conflict('idempotency_in_progress', 'A request with this Idempotency-Key was being processed; retry it');
  }
}

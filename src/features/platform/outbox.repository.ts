// The transactional outbox: events written inside the transaction of the change they describe, read by the
// live stream and claimed by the webhook dispatcher once committed (docs/webhooks.md).
import type { Executor } from '../../db/client.js';
import { newId } from '../../lib/ids.js';

export async function insertOutboxEvent(
  tx: Executor,
  firmId: string,
  event: { type: string; engagementId?: string | null; sequence?: number | null; data: unknown },
): Promise<string> {
  const id = newId('evt');
  const createdAt = new Date().toISOString();
  await tx.query(
    `INSERT INTO outbox_events (id, firm_id, type, engagement_id, sequence, payload) VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      id,
      firmId,
      event.type,
      event.engagementId ?? null,
      event.sequence ?? null,
      JSON.stringify({
        id,
        type: event.type,
        createdAt,
        ...(event.sequence != null ? { sequence: event.sequence } : {}),
        data: event.data,
      }),
    ],
  );
  return id;
}

export interface OutboxStreamRow {
  id: string;
  type: string;
  engagement_id: string | null;
  payload: unknown;
}

/** A firm's outbox events with ids above `afterId` (ULIDs: time-ordered), oldest first; for the live stream. */
export async function listOutboxEventsAfter(
  tx: Executor,
  firmId: string,
  afterId: string,
  opts: { engagementId?: string; limit: number },
): Promise<OutboxStreamRow[]> {
  return tx.query<OutboxStreamRow>(
    `SELECT id, type, engagement_id, payload FROM outbox_events
      WHERE firm_id = $1 AND id > $2 AND ($3::text IS NULL OR engagement_id = $3)
      ORDER BY id LIMIT $4`,
    [firmId, afterId, opts.engagementId ?? null, opts.limit],
  );
}

/** Wakes live streams in every API process once the writing transaction commits (NOTIFY is transactional). */
export async function notifyFirmEvent(tx: Executor, firmId: string): Promise<void> {
  await tx.query(`SELECT pg_notify('${FIRM_EVENTS_CHANNEL}', $1)`, [firmId]);
}

export const FIRM_EVENTS_CHANNEL = 'firm_events';

export interface OutboxRow {
  id: string;
  firm_id: string;
  type: string;
  payload: unknown;
}

/** Claims undispatched outbox rows, oldest first; concurrent dispatchers skip each other's rows. */
export async function claimOutbox(tx: Executor, limit: number): Promise<OutboxRow[]> {
  return tx.query<OutboxRow>(
    `SELECT id, firm_id, type, payload FROM outbox_events WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

export async function markOutboxDispatched(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.query('UPDATE outbox_events SET dispatched_at = now() WHERE id = ANY($1::text[])', [ids]);
}

// Idempotency-Key on POST (DESIGN §2): the same key and body within 24 h replays the first response;
// the same key with a different body is 409 idempotency_conflict. Keys are scoped per principal.
// A request that fails is not remembered, so the client may retry it with the same key.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, conflict } from '../lib/errors.js';
import { principalId } from '../domain/identity/roles.js';
import type { ServiceContext } from '../services/context.js';
import * as repo from '../db/repositories/idempotency.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export async function withIdempotency<T>(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprintParts: (string | Buffer)[],
  status: number,
  run: () => Promise<T>,
): Promise<FastifyReply> {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return reply.status(status).send(await run());
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw badRequest('validation_failed', 'Idempotency-Key must be 1–255 visible ASCII characters', [{ path: '/headers/idempotency-key', message: 'invalid' }]);
  }
  const principal = request.principal!;
  const hash = createHash('sha256').update(`${request.method} ${request.url}`);
  for (const part of fingerprintParts) hash.update('\0').update(part);
  const fingerprint = hash.digest('hex');
  const ids = { firmId: principal.firmId, principalId: principalId(principal), key, fingerprint };
  const existing = await ctx.db.transaction((tx) => repo.claimIdempotencyKey(tx, ids));
  if (existing) {
    if (existing.fingerprint !== fingerprint) {
      throw conflict('idempotency_conflict', 'This Idempotency-Key was used with a different request');
    }
    if (existing.status === 'in_progress') {
      throw conflict('idempotency_in_progress', 'A request with this Idempotency-Key is still being processed');
    }
    reply.header('idempotent-replayed', 'true');
    return reply.status(existing.response_status!).type('application/json; charset=utf-8').serializer((x) => x as string).send(existing.response_body);
  }
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await ctx.db.transaction((tx) => repo.releaseIdempotencyKey(tx, ids.principalId, key)).catch(() => {});
    throw err;
  }
  const body = JSON.stringify(result);
  await ctx.db.transaction((tx) => repo.completeIdempotencyKey(tx, ids.principalId, key, status, body));
  return reply.status(status).send(result);
}


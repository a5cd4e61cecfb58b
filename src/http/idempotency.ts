// Idempotency-Key on POST (docs/decisions.md, API conventions), the HTTP side: reads and checks the header, fingerprints the
// request, and sends either the fresh result or the stored one (with Idempotent-Replayed: true).
// The semantics and the storage live in services/idempotency.ts, inside the business transaction.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.js';
import { principalId } from '../domain/identity/roles.js';
import type { ServiceContext } from '../features/platform/service-context.js';
import { runIdempotent, type RecordResponse } from '../features/platform/idempotency.service.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export async function withIdempotency<T>(
  ctx: ServiceContext,
  request: FastifyRequest,
  reply: FastifyReply,
  fingerprintParts: (string | Buffer)[],
  status: number,
  write: (record?: RecordResponse<T>) => Promise<T>,
): Promise<FastifyReply> {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return reply.status(status).send(await write());
  if (typeof key !== 'string' || !KEY_PATTERN.test(key)) {
    throw badRequest('validation_failed', 'Idempotency-Key must be 1–255 visible ASCII characters', [
      { path: '/headers/idempotency-key', message: 'invalid' },
    ]);
  }
  const principal = request.principal!;
  const hash = createHash('sha256').update(`${request.method} ${request.url}`);
  for (const part of fingerprintParts) hash.update('\0').update(part);
  const scope = { firmId: principal.firmId, principalId: principalId(principal), key, fingerprint: hash.digest('hex') };
  const outcome = await runIdempotent(ctx, scope, status, write);
  if (!outcome.replayed) return reply.status(status).send(outcome.result);
  reply.header('idempotent-replayed', 'true');
  return reply
    .status(outcome.status)
    .type('application/json; charset=utf-8')
    .serializer((x) => x as string)
    .send(outcome.body);
}

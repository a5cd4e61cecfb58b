// X-Request-Id in and out: echoed when the caller sends a sane one, generated otherwise.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : newId('req');
}

export default fp(async function requestIdPlugin(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});

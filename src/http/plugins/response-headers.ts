// Headers every response carries: X-Request-Id (echoed when the caller sends a sane one, generated
// otherwise) and the security headers of helmet 8's defaults with CSP off (API answers are JSON and
// files; the console's index.html and /docs set their own). One synchronous hook with a header object
// built once: helmet's middleware set each header through its own hook on every request.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : newId('req');
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

export default fp(async function responseHeadersPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(SECURITY_HEADERS);
    reply.header('x-request-id', request.id);
    done();
  });
});

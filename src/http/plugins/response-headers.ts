// Headers every response carries: X-Request-Id (always the service's own id; a caller's X-Request-Id is
// kept apart as the client request id, never taken for ours: docs/decisions.md, Request ids) and the security headers of helmet 8's defaults with CSP off (API answers are JSON and
// files; the console's index.html and /docs set their own). One synchronous hook with a header object
// built once: helmet's middleware set each header through its own hook on every request.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids.js';
import type { RequestRef } from '../../features/platform/service-context.js';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** This request for the audit trail: our id, and the caller's X-Request-Id apart. */
    readonly ref: RequestRef;
  }
}

/** Every request gets the service's own id, whatever the caller sends. */
export function genReqId(): string {
  return newId('req');
}

/** The caller's X-Request-Id when it is a sane one (kept for support to correlate; never our id). */
export function clientRequestId(req: { headers: Record<string, string | string[] | undefined> }): string | undefined {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : undefined;
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

export default fp(
  async function responseHeadersPlugin(app: FastifyInstance) {
    app.decorateRequest('ref', {
      getter(this: { id: string; headers: Record<string, string | string[] | undefined> }): RequestRef {
        const clientId = clientRequestId(this);
        return clientId === undefined ? { id: this.id } : { id: this.id, clientId };
      },
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(SECURITY_HEADERS);
      reply.header('x-request-id', request.id);
      done();
    });
  },
  { name: 'response-headers', dependencies: [] },
);

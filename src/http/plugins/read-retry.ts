// One transparent retry of an idempotent read (GET, HEAD) whose database connection failed on the first
// try (docs/decisions.md, Reads retried once). After the database has ended its connections (a restart, a
// fail-over, an operator terminating backends) the pool can still hand out a connection that is already
// dead; the first request to use it fails though the next one succeeds. A read changes nothing, so it is
// run once more, after a short pause in which the pool drops its dead connections. Writes are never
// retried: their outcome is unknown when the connection broke. A second failure answers 503 as before.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { isDatabaseUnavailable } from './errors.js';

export const READ_RETRY_DELAY_MS = 200;
const retried = new WeakSet<FastifyRequest>();

const isIdempotentRead = (method: string) => method === 'GET' || method === 'HEAD';

/** Runs `fn`; for a GET or HEAD whose database connection failed, once more (at most once per request). */
export async function withReadRetry<T>(request: FastifyRequest, reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  if (!isIdempotentRead(request.method)) return fn();
  try {
    return await fn();
  } catch (err) {
    // Nothing may have been sent yet (an event stream starts its response before it subscribes).
    if (!isDatabaseUnavailable(err) || retried.has(request) || reply.sent || reply.raw.headersSent) throw err;
    retried.add(request);
    request.log.warn({ err: (err as Error).message }, 'database connection failed on a read; retrying once');
    await new Promise((r) => setTimeout(r, READ_RETRY_DELAY_MS));
    return fn();
  }
}

export default fp(
  async function readRetryPlugin(app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.every((m) => isIdempotentRead(m))) return;
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function retryingHandler(this: FastifyInstance, request, reply) {
        return withReadRetry(request, reply, async () => handler.call(this, request, reply));
      } as RouteHandlerMethod;
    });
  },
  { name: 'read-retry', dependencies: ['errors'] },
);

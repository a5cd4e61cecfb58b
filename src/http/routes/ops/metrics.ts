import { createHash, timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../../../lib/errors.js';
import { METRICS_CONTENT_TYPE } from '../../../features/platform/metrics.service.js';
import { defineRoute } from '../define-route.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics (docs/operations.md, Metrics), registered only when configured. With METRICS_TOKEN the
 * request must carry `Authorization: Bearer <token>`; the digests are compared in constant time.
 */
export default defineRoute((app) => {
  const metrics = app.services.metrics;
  if (!metrics) return;
  const expected = app.deps.config.METRICS_TOKEN === undefined ? undefined : digest(app.deps.config.METRICS_TOKEN);
  app.get('/metrics', { config: { auth: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (expected) {
      const presented = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!timingSafeEqual(digest(presented), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw unauthorized('/metrics needs Authorization: Bearer <METRICS_TOKEN>');
      }
    }
    return reply
      .type(METRICS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
});

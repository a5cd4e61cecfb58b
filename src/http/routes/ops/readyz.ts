import { checkReadiness } from '../../../features/platform/health.service.js';
import { defineRoute } from '../define-route.js';

/** Readiness (docs/operations.md, Probes): 200 when the database answers and every migration is applied, 503 otherwise. */
export default defineRoute((app) => {
  app.get('/readyz', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const result = await checkReadiness(app.deps.db);
    return reply
      .status(result.status === 'ready' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(result);
  });
});

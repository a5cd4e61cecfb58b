// Counts every answered request and its latency by route pattern and status (docs/operations.md, Metrics).
// The label is the pattern a route was registered with (`/api/v1/engagements/:id`), never the raw URL, so
// ids and query strings cannot multiply the series; requests no route matched share one label.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../../features/platform/metrics.service.js';

export const UNMATCHED_ROUTE = '(unmatched)';

export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: { metrics?: Metrics }) {
    const metrics = opts.metrics;
    if (!metrics) return;
    app.addHook('onResponse', async (request, reply) => {
      const labels = {
        method: request.method,
        route: request.routeOptions.url ?? UNMATCHED_ROUTE,
        status: String(reply.statusCode),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics', dependencies: [] },
);

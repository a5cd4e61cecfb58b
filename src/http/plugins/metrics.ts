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
    // The labelled children are kept per method, route and status: prom-client hashes the labels on every call
    // otherwise, twice a request on the API's hottest path (docs/performance.md).
    const children = new Map<string, { count: () => void; observe: (seconds: number) => void }>();
    const childrenOf = (method: string, route: string, status: number) => {
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        const labels = { method, route, status: String(status) };
        const counter = metrics.httpRequests.labels(labels);
        const histogram = metrics.httpDuration.labels(labels);
        child = { count: () => counter.inc(), observe: (seconds) => histogram.observe(seconds) };
        children.set(key, child);
      }
      return child;
    };
    app.addHook('onResponse', (request, reply, done) => {
      const child = childrenOf(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode);
      child.count();
      child.observe(reply.elapsedTime / 1000);
      done();
    });
  },
  { name: 'metrics', dependencies: [] },
);

import type { AppInstance } from '../../types.js';

/** Liveness (docs/operations.md, Probes): the process answers; never touches the database. */
export default function route(app: AppInstance) {
  app.get('/livez', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }));
}

import { defineRoute } from '../define-route.js';

/** Liveness (docs/operations.md, Probes): the process answers; never touches the database. */
export default defineRoute((app) => {
  app.get('/livez', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
});

import { z } from 'zod';
import { checkHealth } from '../../../../features/platform/health.service.js';
import { defineRoute } from '../../define-route.js';

const healthSchema = z
  .object({
    status: z.string().describe('ok | unhealthy'),
    database: z.string().describe('up | down'),
    timestamp: z.string().describe('ISO 8601 UTC'),
  })
  .meta({ id: 'Health' });

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: [], auth: 'public' },
      schema: {
        tags: ['health'],
        operationId: 'getHealth',
        summary: 'Health check: 200 when a database query round-trips, 503 otherwise',
        description:
          'Public. 200 with `{status:"ok"}` when a query round-trips to the database; 503 ' +
          '`database_unavailable` with Retry-After otherwise.',
        security: [],
        querystring: z.object({}).strict().describe('No parameters'),
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const result = await checkHealth(app.deps.db);
      return reply.status(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
});

import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { checkHealth } from '../../../../services/health.js';

const healthSchema = z
  .object({
    status: z.string().describe('ok | unhealthy'),
    database: z.string().describe('up | down'),
    timestamp: z.string().describe('ISO 8601 UTC'),
  })
  .meta({ id: 'Health' });

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Health check: 200 when a database query round-trips, 503 otherwise',
        security: [],
        querystring: z.object({}).strict().describe('No parameters'),
        response: { 200: healthSchema, ...problemResponses(400), 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const result = await checkHealth(app.deps.db);
      return reply.status(result.status === 'ok' ? 200 : 503).send(result);
    },
  );
}

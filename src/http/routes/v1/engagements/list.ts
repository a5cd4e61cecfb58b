import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { decodeCursor, paginationQuery, sendPage } from '../../../schemas/common.js';
import { engagementSchema, engagementStatusSchema } from '../../../schemas/engagement.js';
import { listEngagements } from '../../../../services/engagements.js';

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/engagements',
    {
      config: { auth: { role: 'VIEWER' } },
      schema: {
        tags: ['engagements'],
        summary: 'List the firm\'s engagements, newest first',
        querystring: paginationQuery.extend({ status: engagementStatusSchema.optional() }).strict(),
        response: { 200: z.array(engagementSchema), ...problemResponses(400) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, status } = request.query;
      const rows = await listEngagements(app.services, requirePrincipal(request), { status, beforeId: decodeCursor(cursor), limit: limit + 1 });
      return sendPage(request, reply, rows, limit);
    },
  );
}

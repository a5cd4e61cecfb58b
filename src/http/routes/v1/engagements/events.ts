import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { paginationQuery, sendPage, decodeCursor } from '../../../schemas/common.js';
import { auditEventSchema } from '../../../schemas/engagement.js';
import { listEngagementEvents } from '../../../../features/engagements/engagement-reads.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:id/events',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['engagements'],
        operationId: 'listEngagementEvents',
        summary: 'The audit trail of an engagement, oldest first: who, what, when, from/to status, request id',
        description: 'The audit entries of one engagement, oldest first, cursor-paginated: the trail a reviewer reads.',
        params: z.object({ id: z.string() }),
        querystring: paginationQuery,
        response: { 200: z.array(auditEventSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listEngagementEvents(
        app.services,
        requirePrincipal(request),
        request.params.id,
        limit + 1,
        decodeCursor(cursor),
      );
      return sendPage(request, reply, rows, limit);
    },
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { decodeCursor, paginationQuery, sendPage } from '../../../schemas/common.js';
import { engagementSchema, engagementStatusSchema } from '../../../schemas/engagement.js';
import { listEngagements } from '../../../../features/engagements/engagement-reads.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['engagements'],
        operationId: 'listEngagements',
        summary: "List the firm's engagements, newest first",
        description:
          'Filter by `status`, and search with `q`: every word typed must begin a word of the target ' +
          "entity's name or its CIN " +
          '(case-insensitive; "acme ind" finds "Acme Industries Pvt Ltd"); `assignedTo` keeps one ' +
          "member's engagements (`me`: your own). Paging works as for every list.",
        querystring: paginationQuery
          .extend({
            status: engagementStatusSchema.optional(),
            q: z
              .string()
              .trim()
              .min(1)
              .max(100)
              .optional()
              .describe('Search by name or CIN: word prefixes, all must match'),
            assignedTo: z
              .string()
              .trim()
              .min(1)
              .max(100)
              .optional()
              .describe(
                'Only the engagements assigned to this member (a user id), or to the caller with `me` (a ' +
                  'token: its creator)',
              ),
          })
          .strict(),
        response: { 200: z.array(engagementSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, status, q, assignedTo } = request.query;
      const rows = await listEngagements(app.services, requirePrincipal(request), {
        status,
        q,
        assignedTo,
        beforeId: decodeCursor(cursor),
        limit: limit + 1,
      });
      return sendPage(request, reply, rows, limit);
    },
  );
});

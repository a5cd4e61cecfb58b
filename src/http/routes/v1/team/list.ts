import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { decodeCursor, memberSchema, paginationQuery, sendPage } from '../../../schemas/common.js';
import { listMembers } from '../../../../features/identity/team.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['team'],
        operationId: 'listTeamMembers',
        summary: "List the firm's team members",
        querystring: paginationQuery,
        description: "Every member of the caller's firm with role, status and signatory registrations.",
        response: { 200: z.array(memberSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      return sendPage(
        request,
        reply,
        await listMembers(app.services, requirePrincipal(request), limit + 1, decodeCursor(cursor)),
        limit,
      );
    },
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { decodeCursor, paginationQuery, sendPage } from '../../../../schemas/common.js';
import { listApiTokens } from '../../../../../features/identity/identity.service.js';
import { apiTokenSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: [], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['api-tokens'],
        operationId: 'listApiTokens',
        summary: "List the firm's API tokens (never their secrets)",
        querystring: paginationQuery,
        description:
          'ADMIN. Newest first, cursor-paginated; each with its prefix, creator and last use, never the secret.',
        response: { 200: z.array(apiTokenSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listApiTokens(app.services, requirePrincipal(request), limit + 1, decodeCursor(cursor));
      return sendPage(request, reply, rows, limit);
    },
  );
});

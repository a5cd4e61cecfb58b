import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { decodeCursor, paginationQuery, sendPage } from '../../../../schemas/common.js';
import { documentSchema } from '../../../../schemas/engagement.js';
import { listDocuments } from '../../../../../features/engagements/documents.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['documents'],
        operationId: 'listDocuments',
        summary: "List an engagement's documents, newest first",
        params: z.object({ id: z.string() }),
        querystring: paginationQuery,
        description: 'Newest first, cursor-paginated; each with kind, detected format, size, SHA-256 and status.',
        response: { 200: z.array(documentSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      return sendPage(
        request,
        reply,
        await listDocuments(
          app.services,
          requirePrincipal(request),
          request.params.id,
          limit + 1,
          decodeCursor(cursor),
        ),
        limit,
      );
    },
  );
});

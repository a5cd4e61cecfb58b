import { z } from 'zod';
import type { AppInstance } from '../../../../types.js';
import { problemResponses } from '../../../../problem.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { decodeCursor, paginationQuery, sendPage } from '../../../../schemas/common.js';
import { documentSchema } from '../../../../schemas/engagement.js';
import { listDocuments } from '../../../../../services/documents.js';

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/engagements/:id/documents',
    {
      config: { auth: { role: 'VIEWER' } },
      schema: { tags: ['documents'], summary: 'List an engagement\'s documents, newest first', params: z.object({ id: z.string() }), querystring: paginationQuery, response: { 200: z.array(documentSchema), ...problemResponses(400, 404) } },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      return sendPage(request, reply, await listDocuments(app.services, requirePrincipal(request), request.params.id, limit + 1, decodeCursor(cursor)), limit);
    },
  );
}

import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { documentSchema } from '../../../../schemas/engagement.js';
import { getDocument, publicDocument } from '../../../../../features/engagements/documents.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:docId',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['documents'],
        operationId: 'getDocument',
        summary: "A document's metadata (and its errors when REJECTED)",
        params: z.object({ id: z.string(), docId: z.string() }),
        description:
          'Metadata of one document; a REJECTED financials file carries its errors by sheet, row and column.',
        response: { 200: documentSchema },
      },
    },
    async (request) =>
      publicDocument(
        await getDocument(app.services, requirePrincipal(request), request.params.id, request.params.docId),
      ),
  );
});

import { z } from 'zod';
import { binaryFile } from '../../../../single-file-upload.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { getDocumentContent } from '../../../../../features/engagements/documents.service.js';
import { contentDisposition } from '../../../../content-disposition.js';
import { XLSX_MEDIA_TYPE } from '../../../../openapi-document.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:docId/content',
    {
      config: {
        errorCodes: ['not_found'],
        auth: { role: 'VIEWER' },
        produces: { 200: ['application/pdf', 'text/csv', XLSX_MEDIA_TYPE, 'application/json'] },
      },
      schema: {
        tags: ['documents'],
        operationId: 'downloadDocument',
        summary: "Download a document's bytes as uploaded",
        description:
          'The uploaded bytes, unchanged, with the content type detected at upload and a ' +
          'Content-Disposition file name.',
        params: z.object({ id: z.string(), docId: z.string() }),
        response: { 200: binaryFile('The file') },
      },
    },
    async (request, reply) => {
      const { doc, data } = await getDocumentContent(
        app.services,
        requirePrincipal(request),
        request.params.id,
        request.params.docId,
      );
      reply
        .header('content-disposition', contentDisposition(doc.file_name))
        .header('etag', `"${doc.sha256}"`)
        .type(doc.content_type);
      return reply.send(data as unknown as string);
    },
  );
});

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
        produces: {
          200: ['application/pdf', 'text/csv', XLSX_MEDIA_TYPE, 'application/json', 'image/png', 'image/jpeg'],
        },
      },
      schema: {
        tags: ['documents'],
        operationId: 'downloadDocument',
        summary: "Download a document's bytes as uploaded",
        description:
          'The uploaded bytes, unchanged, with the content type detected at upload and a ' +
          'Content-Disposition file name in words (the company, the title or "Financials", the date). ' +
          'A PDF, PNG or JPEG is `inline` (the browser shows it); any other file is an `attachment`. ' +
          "Any member who may read the engagement may read its documents; another firm's is not found.",
        params: z.object({ id: z.string(), docId: z.string() }),
        response: { 200: binaryFile('The file') },
      },
    },
    async (request, reply) => {
      const { doc, data, fileName, inline } = await getDocumentContent(
        app.services,
        requirePrincipal(request),
        request.params.id,
        request.params.docId,
      );
      reply
        .header('content-disposition', contentDisposition(fileName, inline ? 'inline' : 'attachment'))
        .header('etag', `"${doc.sha256}"`)
        .type(doc.content_type);
      return reply.send(data as unknown as string);
    },
  );
});

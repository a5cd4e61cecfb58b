import { z } from 'zod';
import { binaryFile } from '../../../../single-file-upload.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { signedCopyContent } from '../../../../../features/reports/signed-copies.service.js';
import { contentDisposition } from '../../../../content-disposition.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/signed-copies/:copyId',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' }, produces: { 200: ['application/pdf'] } },
      schema: {
        tags: ['reports'],
        operationId: 'downloadSignedCopy',
        summary: 'Download one signed copy of the FINAL',
        description: 'The PDF exactly as uploaded. ETag is its SHA-256.',
        params: z.object({ id: z.string(), copyId: z.string() }),
        response: { 200: binaryFile('application/pdf') },
      },
    },
    async (request, reply) => {
      const r = await signedCopyContent(
        app.services,
        requirePrincipal(request),
        request.params.id,
        request.params.copyId,
      );
      reply
        .type('application/pdf')
        .header('etag', `"${r.sha256}"`)
        .header('content-disposition', contentDisposition(r.fileName));
      return reply.send(r.data as unknown as string);
    },
  );
});

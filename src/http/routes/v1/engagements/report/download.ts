import { z } from 'zod';
import { binaryFile } from '../../../../single-file-upload.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { reportContent } from '../../../../../features/reports/report-download.service.js';
import { contentDisposition } from '../../../../content-disposition.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: {
        errorCodes: ['not_found', 'report_not_ready'],
        auth: { role: 'VIEWER' },
        produces: { 200: ['application/pdf'] },
      },
      schema: {
        tags: ['reports'],
        operationId: 'downloadReport',
        summary: 'Download the report PDF (FINAL when ready, else the DRAFT); 409 when none is ready',
        description:
          "The PDF: the FINAL when one is ready, else the newest DRAFT. Once the partner's signed " +
          'copy is the one issued, the FINAL download is that copy; `copy=sealed` gives the sealed ' +
          'original. ' +
          'ETag is the SHA-256; X-Report-Kind says DRAFT or FINAL and X-Report-Copy DRAFT, SEALED or SIGNED_COPY.',
        params: z.object({ id: z.string() }),
        querystring: z
          .object({
            copy: z
              .enum(['issued', 'sealed'])
              .default('issued')
              .describe('issued (default): the copy the client is given; sealed: the FINAL as the service sealed it'),
          })
          .strict(),
        response: {
          200: binaryFile('application/pdf'),
        },
      },
    },
    async (request, reply) => {
      const r = await reportContent(app.services, requirePrincipal(request), request.params.id, request.query.copy);
      const etag = `"${r.sha256}"`;
      if (request.headers['if-none-match'] === etag) return reply.code(304 as 200).send(undefined as unknown as string);
      reply
        .type('application/pdf')
        .header('etag', etag)
        .header('content-disposition', contentDisposition(r.fileName))
        .header('x-report-kind', r.kind)
        .header('x-report-copy', r.copy);
      return reply.send(r.data as unknown as string);
    },
  );
});

import { z } from 'zod';
import { binaryFile } from '../../../single-file-upload.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { reviewRecord } from '../../../../features/reports/review-record.service.js';
import { contentDisposition } from '../../../content-disposition.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:id/review-record.pdf',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' }, produces: { 200: ['application/pdf'] } },
      schema: {
        tags: ['reports'],
        operationId: 'downloadReviewRecord',
        summary:
          "The firm's internal review record (PDF): every round, gate decision, comment and reason, " +
          'every report with its ids, hash and certificate, and each version of the assumptions',
        description:
          "Internal to the firm and never signed: the client's report says nothing of the reviews, the " +
          "service's ids or the service's certificate, while this record keeps who did what and when, what " +
          'the reviewers wrote, and each report with its SHA-256 and certificate. Rendered on request, at any stage.',
        params: z.object({ id: z.string() }),
        response: { 200: binaryFile('application/pdf') },
      },
    },
    async (request, reply) => {
      const r = await reviewRecord(app.services, requirePrincipal(request), request.params.id);
      reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(r.fileName))
        .header('cache-control', 'no-store');
      return reply.send(r.data as unknown as string);
    },
  );
});

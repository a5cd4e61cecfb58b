import { z } from 'zod';
import { binaryFile } from '../../../single-file-upload.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { invoicePdf } from '../../../../features/payments/payment-invoices.service.js';
import { contentDisposition } from '../../../content-disposition.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:id/invoice.pdf',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' }, produces: { 200: ['application/pdf'] } },
      schema: {
        tags: ['payments'],
        operationId: 'downloadInvoice',
        summary: 'The tax invoice of a captured payment (PDF)',
        description:
          'Issued when the payment is captured, numbered in a gap-free series per financial year ' +
          '(VS/2026-27/000001). Supplier: the operator (OPERATOR_LEGAL_NAME, OPERATOR_ADDRESS, ' +
          'OPERATOR_GSTIN); recipient: the firm (legal name, address and GSTIN from Firm settings). ' +
          "The amount paid includes GST; CGST + SGST where the firm's GSTIN is in the operator's " +
          'state, IGST otherwise; SAC code, taxable value and the total in words. 404 for a payment ' +
          'not captured or of another firm.',
        params: z.object({ id: z.string() }),
        response: { 200: binaryFile('application/pdf') },
      },
    },
    async (request, reply) => {
      const invoice = await invoicePdf(app.services, requirePrincipal(request), request.params.id);
      reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`Tax invoice ${invoice.number.replace(/\//g, '-')}.pdf`))
        .header('cache-control', 'no-store');
      return reply.send(invoice.pdf as unknown as string);
    },
  );
});

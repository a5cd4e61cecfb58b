import { z } from 'zod';
import { binaryFile } from '../../../single-file-upload.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { invoicesCsv } from '../../../../features/payments/payment-invoices.service.js';
import { contentDisposition } from '../../../content-disposition.js';
import { defineRoute } from '../../define-route.js';

const day = (field: string) =>
  z.string().date(`Enter ${field} as YYYY-MM-DD`).describe(`YYYY-MM-DD, inclusive, by the date in India`);

const periodQuery = z
  .object({ from: day('the first day'), to: day('the last day') })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The last day cannot be before the first day' });

export default defineRoute((app) => {
  app.get(
    '/export.csv',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER' }, produces: { 200: ['text/csv'] } },
      schema: {
        tags: ['payments'],
        operationId: 'exportInvoices',
        summary: "A period's tax invoices as CSV, in GSTR-1 B2B column order",
        description:
          "The firm's tax invoices issued from `from` to `to` (both inclusive, dates in India), one row " +
          'each, oldest first: GSTIN/UIN of recipient, receiver name, invoice number, invoice date ' +
          '(DD-Mon-YYYY), invoice value, place of supply (33-Tamil Nadu), reverse charge (N), invoice ' +
          'type (Regular B2B), rate, taxable value, IGST, CGST, SGST and cess, amounts in rupees with ' +
          'two decimals. 400 naming `from` or `to` for a date that is not YYYY-MM-DD or a period that ends ' +
          'before it starts.',
        querystring: periodQuery,
        response: { 200: binaryFile('CSV (RFC 4180), a header row and one row per invoice') },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await invoicesCsv(app.services, requirePrincipal(request), from, to);
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(`Tax invoices ${from} to ${to}.csv`))
        .header('cache-control', 'no-store');
      return reply.send(csv);
    },
  );
});

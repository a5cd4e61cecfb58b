import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { decodeCursor, paginationQuery, sendPage } from '../../../schemas/common.js';
import { paymentSchema } from '../../../schemas/payment.js';
import { listPayments } from '../../../../features/payments/payments.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['payments'],
        operationId: 'listPayments',
        summary: "List the firm's payments, newest first",
        querystring: paginationQuery,
        description: 'Newest first, cursor-paginated: amount in paise, status and gateway ids.',
        response: { 200: z.array(paymentSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      return sendPage(
        request,
        reply,
        await listPayments(app.services, requirePrincipal(request), limit + 1, decodeCursor(cursor)),
        limit,
      );
    },
  );
});

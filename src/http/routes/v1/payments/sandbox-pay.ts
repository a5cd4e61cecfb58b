import { checkoutResultSchema, sandboxPayBody } from '../../../schemas/payment.js';
import { sandboxPay } from '../../../../features/payments/payments.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/sandbox/pay',
    {
      config: { errorCodes: ['not_found'], auth: 'public' },
      schema: {
        tags: ['payments'],
        operationId: 'sandboxPay',
        summary: 'Sandbox only: pay an order as a real checkout would',
        description:
          'Answers what the gateway checkout hands the browser; pass it to POST ' +
          '/api/v1/payments/verify. 404 unless the sandbox gateway is active.',
        body: sandboxPayBody,
        response: { 200: checkoutResultSchema },
      },
    },
    async (request) => sandboxPay(app.services, request.body.gateway_order_id),
  );
});

import { requirePrincipal } from '../../../plugins/auth.js';
import { paymentSchema, verifyPaymentBody } from '../../../schemas/payment.js';
import { verifyPayment } from '../../../../features/payments/payments.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/verify',
    {
      config: { errorCodes: ['not_found', 'payment_conflict', 'invalid_signature'], auth: { role: 'VALUER' } },
      schema: {
        tags: ['payments'],
        operationId: 'verifyPayment',
        summary: 'Verify a checkout result and capture the payment',
        description:
          'The signature is checked against the order id we stored. Bad signature → 400 ' +
          'invalid_signature; repeating a successful verify → 200, same result; another payment for a ' +
          'captured order → 409.',
        body: verifyPaymentBody,
        response: { 200: paymentSchema },
      },
    },
    async (request) => verifyPayment(app.services, requirePrincipal(request), request.body, request.ref),
  );
});

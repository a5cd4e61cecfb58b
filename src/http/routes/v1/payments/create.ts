import { requirePrincipal } from '../../../plugins/auth.js';
import { withIdempotency } from '../../../idempotency.js';
import { createPaymentBody, paymentSchema } from '../../../schemas/payment.js';
import { createPayment } from '../../../../features/payments/payments.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '',
    {
      config: {
        errorCodes: [
          'not_found',
          'no_qualified_signatory',
          'already_paid',
          'gateway_error',
          'idempotency_conflict',
          'idempotency_in_progress',
          'price_missing',
        ],
        auth: { role: 'VALUER' },
      },
      schema: {
        tags: ['payments'],
        operationId: 'createPayment',
        summary: 'Create (or return the open) gateway order for an engagement',
        description:
          'An open order for the engagement is returned again, never duplicated; a paid engagement is ' +
          '409 already_paid; a firm in which no member holds the registration the valuation must be ' +
          'signed under is 409 no_qualified_signatory (decided by the methods the conclusion adopts ' +
          'with weight above nil, not by the inputs uploaded; before the computation, by those the ' +
          'statute, purpose, transaction date and locked weights will adopt — e.g. a Rule 11UA issue ' +
          'locked at DCF 100 needs a SEBI merchant banker, one on NAV a chartered accountant; under ' +
          'the IBC also while nobody holds an IBBI registration for one of the asset classes the ' +
          'estimates cover), before any money moves; a gateway failure is 502 gateway_error. Honours ' +
          'Idempotency-Key.',
        body: createPaymentBody,
        response: { 200: paymentSchema },
      },
    },
    async (request, reply) =>
      withIdempotency(app.services, request, reply, [JSON.stringify(request.body)], 200, (record) =>
        createPayment(app.services, requirePrincipal(request), request.body.engagementId, request.ref, record),
      ),
  );
});

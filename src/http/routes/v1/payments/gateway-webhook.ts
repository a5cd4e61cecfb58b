// The gateway's webhook: its signature covers the RAW body bytes, so this route (in its own plugin
// scope) takes every body as a Buffer instead of parsed JSON.
import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { badRequest } from '../../../../lib/errors.js';
import { handleGatewayWebhook } from '../../../../features/payments/payments.service.js';
import { defineRoute } from '../../define-route.js';

const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default defineRoute((app) => {
  app.register(async (scope: AppInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/gateway-webhook',
      {
        config: { errorCodes: ['not_found', 'invalid_signature'], auth: 'public' },
        schema: {
          tags: ['payments'],
          operationId: 'receiveGatewayWebhook',
          summary: 'Gateway webhook (no bearer; X-Razorpay-Signature over the raw body)',
          description:
            'Captures payments on payment.captured and order.paid; de-duplicated on ' +
            'X-Razorpay-Event-Id; other events are acknowledged and ignored.',
          response: { 200: z.object({ received: z.literal(true), outcome: z.string() }) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body))
          throw badRequest('invalid_signature', 'The gateway webhook needs a signed body');
        return handleGatewayWebhook(
          app.services,
          request.body,
          header(request.headers['x-razorpay-signature']),
          header(request.headers['x-razorpay-event-id']),
          request.ref,
        );
      },
    );
  });
});

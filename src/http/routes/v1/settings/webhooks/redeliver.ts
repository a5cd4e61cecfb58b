import { requirePrincipal } from '../../../../plugins/auth.js';
import { redeliver } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { endpointParams, webhookDeliverySchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/:webhookId/deliveries/:deliveryId/redeliver',
    {
      config: {
        errorCodes: ['not_found', 'endpoint_disabled', 'delivery_pending'],
        auth: { role: 'ADMIN', userOnly: true },
      },
      schema: {
        tags: ['webhooks'],
        operationId: 'redeliverWebhook',
        summary: 'Send a finished delivery again (a new delivery with the same webhook-id)',
        description:
          '409 delivery_pending while the original is still being attempted; 409 endpoint_disabled ' +
          'for a disabled endpoint.',
        params: endpointParams.extend({ deliveryId: endpointParams.shape.webhookId }),
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await redeliver(
            app.services,
            requirePrincipal(request),
            request.params.webhookId,
            request.params.deliveryId,
            request.ref,
          ),
        ),
  );
});

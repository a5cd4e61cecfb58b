import { requirePrincipal } from '../../../../plugins/auth.js';
import { sendTestEvent } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { endpointParams, webhookDeliverySchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/:webhookId/test',
    {
      config: { errorCodes: ['not_found', 'endpoint_disabled'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['webhooks'],
        operationId: 'sendWebhookTest',
        summary: 'Queue a webhook.test ping to this endpoint (delivered, signed and retried like any event)',
        description: 'ADMIN. Queues a `webhook.test` event to this endpoint only; see its delivery under deliveries.',
        params: endpointParams,
        response: { 202: webhookDeliverySchema },
      },
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(await sendTestEvent(app.services, requirePrincipal(request), request.params.webhookId, request.ref)),
  );
});

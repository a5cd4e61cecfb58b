import { requirePrincipal } from '../../../../plugins/auth.js';
import { rotateSecret } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { endpointParams, webhookEndpointWithSecretSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/:webhookId/rotate-secret',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['webhooks'],
        operationId: 'rotateWebhookSecret',
        summary: 'Rotate the signing secret (the new one is shown once)',
        description:
          'For 24 hours every delivery carries two signatures, one with the new secret and one with the old.',
        params: endpointParams,
        response: { 200: webhookEndpointWithSecretSchema },
      },
    },
    async (request) => rotateSecret(app.services, requirePrincipal(request), request.params.webhookId, request.ref),
  );
});

import { requirePrincipal } from '../../../../plugins/auth.js';
import { getEndpoint } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { endpointParams, webhookEndpointSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:webhookId',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['webhooks'],
        operationId: 'getWebhookEndpoint',
        summary: 'One webhook endpoint (without its secret)',
        params: endpointParams,
        description: 'ADMIN. One endpoint, without its secret.',
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => getEndpoint(app.services, requirePrincipal(request), request.params.webhookId),
  );
});

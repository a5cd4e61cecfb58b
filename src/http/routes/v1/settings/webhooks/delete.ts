import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { deleteEndpoint } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { endpointParams } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.delete(
    '/:webhookId',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['webhooks'],
        operationId: 'deleteWebhookEndpoint',
        summary: 'Delete a webhook endpoint and its delivery log',
        params: endpointParams,
        description: 'ADMIN. The endpoint and its delivery log are deleted; queued deliveries to it stop.',
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteEndpoint(app.services, requirePrincipal(request), request.params.webhookId, request.ref);
      return reply.status(204).send(null);
    },
  );
});

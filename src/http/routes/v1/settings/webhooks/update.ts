import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { updateEndpoint } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { endpointParams, eventTypesSchema, webhookEndpointSchema, webhookUrlSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.patch(
    '/:webhookId',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['webhooks'],
        operationId: 'updateWebhookEndpoint',
        summary: "Change a webhook endpoint's URL, events, description, or enable/disable it",
        description: 'Re-enabling clears the disabled reason and the failure streak.',
        params: endpointParams,
        body: z
          .object({
            url: webhookUrlSchema.optional(),
            events: eventTypesSchema.optional(),
            description: z.string().trim().max(500).nullable().optional(),
            enabled: z.boolean().optional(),
          })
          .strict(),
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) =>
      updateEndpoint(app.services, requirePrincipal(request), request.params.webhookId, request.body, request.ref),
  );
});

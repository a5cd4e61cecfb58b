import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { createEndpoint } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { eventTypesSchema, webhookEndpointWithSecretSchema, webhookUrlSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '',
    {
      config: { errorCodes: ['webhook_url_not_allowed'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['webhooks'],
        operationId: 'createWebhookEndpoint',
        summary: 'Create a webhook endpoint (its signing secret is shown exactly once)',
        description:
          'Deliveries are signed per Standard Webhooks. A URL that is not https or resolves to a ' +
          'private address answers 400 webhook_url_not_allowed.',
        body: z
          .object({
            url: webhookUrlSchema,
            events: eventTypesSchema,
            description: z.string().trim().max(500).optional(),
          })
          .strict(),
        response: { 201: webhookEndpointWithSecretSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createEndpoint(app.services, requirePrincipal(request), request.body, request.ref)),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { decodeCursor, paginationQuery, sendPage } from '../../../../schemas/common.js';
import { listEndpoints } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { webhookEndpointSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: [], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['webhooks'],
        operationId: 'listWebhookEndpoints',
        summary: "List the firm's webhook endpoints (never their secrets)",
        querystring: paginationQuery,
        description: "ADMIN. The firm's endpoints with their event filters and state, never their signing secrets.",
        response: { 200: z.array(webhookEndpointSchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listEndpoints(app.services, requirePrincipal(request), limit + 1, decodeCursor(cursor));
      return sendPage(request, reply, rows, limit);
    },
  );
});

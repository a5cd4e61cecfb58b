import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { decodeCursor, paginationQuery, sendPage } from '../../../../schemas/common.js';
import { listDeliveries } from '../../../../../features/webhooks/webhook-endpoints.service.js';
import { endpointParams, webhookDeliverySchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:webhookId/deliveries',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['webhooks'],
        operationId: 'listWebhookDeliveries',
        summary: 'Deliveries to this endpoint, newest first, each with its log of attempts',
        description: 'ADMIN. Newest first; each delivery with every attempt: time, HTTP status or error, duration.',
        params: endpointParams,
        querystring: paginationQuery,
        response: { 200: z.array(webhookDeliverySchema) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      const rows = await listDeliveries(
        app.services,
        requirePrincipal(request),
        request.params.webhookId,
        limit + 1,
        decodeCursor(cursor),
      );
      return sendPage(request, reply, rows, limit);
    },
  );
});

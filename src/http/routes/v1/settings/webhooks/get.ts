import type { AppInstance } from '../../../../types.js';
import { problemResponses } from '../../../../problem.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { getEndpoint } from '../../../../../services/webhooks.js';
import { endpointParams, webhookEndpointSchema } from './schemas.js';

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/settings/webhooks/:webhookId',
    {
      config: { auth: { role: 'ADMIN', userOnly: true } },
      schema: { tags: ['webhooks'], summary: 'One webhook endpoint (without its secret)', params: endpointParams, response: { 200: webhookEndpointSchema, ...problemResponses(404) } },
    },
    async (request) => getEndpoint(app.services, requirePrincipal(request), request.params.webhookId),
  );
}

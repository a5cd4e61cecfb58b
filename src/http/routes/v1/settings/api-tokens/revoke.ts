import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { revokeApiToken } from '../../../../../features/identity/identity.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.delete(
    '/:tokenId',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['api-tokens'],
        operationId: 'revokeApiToken',
        summary: 'Revoke an API token: it answers 401 from then on',
        params: z.object({ tokenId: z.string() }),
        description:
          'ADMIN. The token is refused (401) by every API process within a second; revoking twice is harmless.',
        response: { 204: z.null().describe('Revoked') },
      },
    },
    async (request, reply) => {
      await revokeApiToken(app.services, requirePrincipal(request), request.params.tokenId, request.ref);
      return reply.status(204).send(null);
    },
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { createApiToken } from '../../../../../features/identity/identity.service.js';
import { apiTokenSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '',
    {
      config: { errorCodes: [], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['api-tokens'],
        operationId: 'createApiToken',
        summary: 'Create a firm API token (shown exactly once)',
        description:
          'Format `evk_` + 30 base62 + 6 base62 CRC32 checksum. Only its SHA-256 is stored. The token ' +
          'acts as VALUER within the firm.',
        body: z
          .object({ name: z.string().trim().min(1).max(100), expiresAt: z.iso.datetime({ offset: true }).optional() })
          .strict(),
        response: {
          201: apiTokenSchema
            .extend({ token: z.string().describe('The full token; it cannot be shown again') })
            .meta({ id: 'CreatedApiToken' }),
        },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (principal.kind !== 'user') throw new Error('unreachable: userOnly route');
      return reply.status(201).send(await createApiToken(app.services, principal, request.body, request.ref));
    },
  );
});

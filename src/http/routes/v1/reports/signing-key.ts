import { z } from 'zod';
import { publicSigningKey } from '../../../../features/reports/signing-key.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/signing-key',
    {
      config: { errorCodes: [], auth: 'public' },
      schema: {
        tags: ['reports'],
        operationId: 'getSigningKey',
        summary: 'The public key that signs FINAL report certificates',
        description: 'Public. The Ed25519 public key (PEM) and its id, to check FINAL report certificates offline.',
        querystring: z.object({}).strict().describe('No parameters'),
        response: {
          200: z
            .object({ keyId: z.string(), algorithm: z.literal('Ed25519'), publicKeyPem: z.string() })
            .meta({ id: 'SigningKey' }),
        },
      },
    },
    async () => publicSigningKey(app.services),
  );
});

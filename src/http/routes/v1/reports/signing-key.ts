import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { publicSigningKey } from '../../../../services/reports/signing-key.js';

export default function route(app: AppInstance) {
  app.get(
    '/signing-key',
    {
      config: { auth: 'public' },
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
          ...problemResponses(400),
        },
      },
    },
    async () => publicSigningKey(app.services),
  );
}

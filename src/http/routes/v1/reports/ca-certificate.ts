import { z } from 'zod';
import { deploymentCa } from '../../../../features/reports/signing-certificates.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/ca-certificate',
    {
      config: { errorCodes: [], auth: 'public', produces: { 200: ['application/x-pem-file'] } },
      schema: {
        tags: ['reports'],
        operationId: 'getCaCertificate',
        summary:
          "The certificate of this service's CA, which issues firms without their own certificate the " +
          'one that seals their reports',
        description:
          'Public, PEM. A reader that is told to trust it shows a FINAL sealed with a certificate ' +
          'this service issued as trusted. It is not an Indian licensed CA: trusting it says only ' +
          'that the file comes from this service.',
        querystring: z.object({}).strict().describe('No parameters'),
        response: { 200: z.string().describe('application/x-pem-file') },
      },
    },
    async (_request, reply) => {
      const ca = await deploymentCa(app.services);
      reply
        .type('application/x-pem-file')
        .header('content-disposition', 'attachment; filename="valuation-service-ca.pem"')
        .header('cache-control', 'public, max-age=3600');
      return reply.send(ca.pem);
    },
  );
});

import { requirePrincipal } from '../../../../plugins/auth.js';
import { firmCertificateSchema } from '../../../../schemas/pdf-signatures.js';
import { getFirmCertificate } from '../../../../../features/reports/signing-certificates.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/signing-certificate',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['settings'],
        operationId: 'getFirmSigningCertificate',
        summary: 'The certificate FINAL reports are sealed with (PDF signature)',
        description:
          "The firm's document-signing certificate: the one an ADMIN uploaded, or the one this " +
          "service's CA issued the firm (source ISSUED), or NONE before the first FINAL. Never the " +
          'private key.',
        response: { 200: firmCertificateSchema },
      },
    },
    async (request) => getFirmCertificate(app.services, requirePrincipal(request)),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { signedCopySchema } from '../../../../schemas/pdf-signatures.js';
import { listSignedCopies } from '../../../../../features/reports/signed-copies.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/signed-copies',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['reports'],
        operationId: 'listSignedCopies',
        summary: 'The signed copies of the FINAL uploaded so far, newest first',
        description:
          'Each with its added signatures (who, issuer, serial, validity, signing time, valid over ' +
          'its byte range, trust) and warnings.',
        params: z.object({ id: z.string() }),
        response: { 200: z.array(signedCopySchema) },
      },
    },
    async (request) => listSignedCopies(app.services, requirePrincipal(request), request.params.id),
  );
});

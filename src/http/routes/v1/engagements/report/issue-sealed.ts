import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { issueSealedCopy } from '../../../../../features/reports/signed-copies.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/issue-sealed',
    {
      config: {
        errorCodes: ['not_found', 'invalid_transition', 'no_final_report'],
        auth: { role: 'ADMIN', userOnly: true },
      },
      schema: {
        tags: ['reports'],
        operationId: 'issueSealedCopy',
        summary: "Issue the sealed FINAL as it is, without the partner's DSC (ADMIN)",
        description:
          'Ends "awaiting the partner\'s signature": the sealed FINAL becomes the copy issued to the ' +
          'client and `engagement.completed` is sent with `report.issuedCopy: SEALED`. 409 before the ' +
          'FINAL is ready or once a copy was issued.',
        params: z.object({ id: z.string() }),
        response: {
          200: z.object({ engagementId: z.string(), issuedCopy: z.literal('SEALED') }).meta({ id: 'IssuedCopy' }),
        },
      },
    },
    async (request) => issueSealedCopy(app.services, requirePrincipal(request), request.params.id, request.ref),
  );
});

import { requirePrincipal } from '../../../../plugins/auth.js';
import { firmProfileSchema } from '../../../../schemas/profile.js';
import { firmPatchBody } from '../../../../../contract/firm-profile.js';
import { updateFirmProfile } from '../../../../../features/identity/profile.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.patch(
    '',
    {
      config: { errorCodes: ['demo_registrations'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['settings'],
        operationId: 'updateFirmProfile',
        summary: "Update the firm's profile, printed in every FINAL report's signature block and certificate",
        description:
          "`ibbiRegistration` is the firm's number as a registered valuer entity " +
          '(`IBBI/RV-E/02/2020/123`), where it is one; null clears it. The demo firm seeded on first ' +
          'start is renamed by its `legalName`; `demo: false` clears its demo flag once neither the ' +
          'firm nor any active member holds one of the made-up registrations, else 409 ' +
          'demo_registrations naming them.',
        body: firmPatchBody,
        response: { 200: firmProfileSchema },
      },
    },
    async (request) => updateFirmProfile(app.services, requirePrincipal(request), request.body, request.ref),
  );
});

import { requirePrincipal } from '../../../plugins/auth.js';
import { profilePatchBody } from '../../../../contract/registrations.js';
import { describePrincipal } from '../../../../features/identity/identity.service.js';
import { updateMyProfile } from '../../../../features/identity/profile.service.js';
import { meSchema } from './_me-schema.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.patch(
    '/me',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER', userOnly: true } },
      schema: {
        tags: ['auth'],
        operationId: 'updateMe',
        summary: 'Update your own profile: display name, designation and registrations',
        description:
          '`registrations` replaces the whole list. Formats: IBBI_RV `IBBI/RV/03/2019/12345` with its asset class ' +
          '(and optionally the RVO), SEBI_MERCHANT_BANKER `INM000012345`, ICAI_MEMBERSHIP six digits ' +
          '(chartered accountant), ICMAI_MEMBERSHIP three to six digits (cost accountant: ' +
          'accepted as a FEMA signatory under NDI Rule 21, not for s.62, IBC or Rule 11UA). A bad value is a ' +
          '400 naming the field, e.g. `/registrations/0/number`. The registrations decide who may ' +
          'sign off GATE_3 per statute.',
        body: profilePatchBody,
        response: { 200: meSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await updateMyProfile(app.services, principal, request.body, request.ref);
      return describePrincipal(app.services, principal);
    },
  );
});

import { requirePrincipal } from '../../../../plugins/auth.js';
import { firmProfileSchema } from '../../../../schemas/profile.js';
import { getFirmProfile } from '../../../../../features/identity/profile.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['settings'],
        operationId: 'getFirmProfile',
        summary: "The firm's profile (legal name, address, IBBI registration)",
        description: "The firm's legal name, address and IBBI registered-valuer-entity number, as printed on reports.",
        response: { 200: firmProfileSchema },
      },
    },
    async (request) => getFirmProfile(app.services, requirePrincipal(request)),
  );
});

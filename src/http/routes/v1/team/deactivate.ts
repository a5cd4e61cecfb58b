import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { memberSchema } from '../../../schemas/common.js';
import { deactivateMember } from '../../../../features/identity/team.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/:userId/deactivate',
    {
      config: { errorCodes: ['not_found', 'last_admin', 'not_active'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['team'],
        operationId: 'deactivateTeamMember',
        summary: 'Deactivate a member: their sessions end at once and they cannot sign in; kept for the audit trail',
        description:
          'The last ADMIN cannot be deactivated (409 last_admin); a member who is not ACTIVE is 409 not_active.',
        params: z.object({ userId: z.string() }),
        response: { 200: memberSchema },
      },
    },
    async (request) => deactivateMember(app.services, requirePrincipal(request), request.params.userId, request.ref),
  );
});

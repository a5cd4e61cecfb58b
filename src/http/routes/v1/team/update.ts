import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { memberSchema } from '../../../schemas/common.js';
import { changeRole } from '../../../../features/identity/team.service.js';
import { ROLES } from '../../../../contract/roles.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.patch(
    '/:userId',
    {
      config: { errorCodes: ['not_found', 'last_admin'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['team'],
        operationId: 'changeTeamMemberRole',
        summary: "Change a member's role; the last ADMIN cannot be demoted (409 last_admin)",
        description:
          "ADMIN, signed-in user only. The member's sessions follow the new role at once; demoting " +
          'the last ADMIN is 409 `last_admin`.',
        params: z.object({ userId: z.string() }),
        body: z.object({ role: z.enum(ROLES) }).strict(),
        response: { 200: memberSchema },
      },
    },
    async (request) =>
      changeRole(app.services, requirePrincipal(request), request.params.userId, request.body.role, request.ref),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { removeMember } from '../../../../features/identity/team.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.delete(
    '/:userId',
    {
      config: { errorCodes: ['not_found', 'last_admin'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['team'],
        operationId: 'removeTeamMember',
        summary: 'Remove a member; the last ADMIN cannot be removed (409 last_admin)',
        params: z.object({ userId: z.string() }),
        description:
          'ADMIN, signed-in user only. Deletes the member and ends their sessions at once; audit ' +
          'entries keep their id and e-mail. To keep the member listed as DEACTIVATED instead, use ' +
          'POST /api/v1/team/{userId}/deactivate.',
        response: { 204: z.null().describe('Removed') },
      },
    },
    async (request, reply) => {
      await removeMember(app.services, requirePrincipal(request), request.params.userId, request.ref);
      return reply.status(204).send(null);
    },
  );
});

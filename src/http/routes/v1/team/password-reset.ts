import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import {
  PASSWORD_RESET_MINUTES,
  sendMemberPasswordReset,
} from '../../../../features/identity/password-resets.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/:userId/password-reset',
    {
      config: {
        errorCodes: ['not_found', 'not_active', 'rate_limited'],
        auth: { role: 'ADMIN', userOnly: true },
      },
      schema: {
        tags: ['team'],
        operationId: 'sendTeamMemberPasswordReset',
        summary: 'Send an active member a one-use link to choose a new password',
        description:
          `Mailed to the member's own address only (never shown to the ADMIN), valid ${PASSWORD_RESET_MINUTES} minutes; ` +
          'the password is unchanged until the member uses it. A member who is not ACTIVE is 409 not_active; ' +
          'at most 5 links per member a quarter hour (429).',
        params: z.object({ userId: z.string() }),
        response: {
          202: z.object({ email: z.string().describe('The address the link was mailed to') }),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await sendMemberPasswordReset(app.services, requirePrincipal(request), request.params.userId, request.ref),
        ),
  );
});

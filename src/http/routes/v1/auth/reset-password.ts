import { z } from 'zod';
import { resetPasswordBody } from '../../../../contract/auth-forms.js';
import { resetPassword } from '../../../../features/identity/password-resets.service.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/reset-password',
    {
      config: { errorCodes: ['validation_failed', 'rate_limited', 'link_expired'], auth: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Choose a new password with an e-mailed link (no session; log in next)',
        description:
          'The link works once: 410 link_expired when used already, past its time or unknown. The password ' +
          'follows the sign-up rules (400 naming /password). Every session of the account ends, and every other ' +
          'open link of the account stops working. Rate-limited per address like accepting invitations (429).',
        body: resetPasswordBody,
        response: { 204: z.null().describe('The new password is set') },
      },
    },
    async (request, reply) => {
      await enforceAddressLimit(app.services, 'acceptInvite', request.ip);
      await resetPassword(app.services, request.body, request.ref);
      return reply.code(204).send(null);
    },
  );
});

import { z } from 'zod';
import { forgotPasswordBody } from '../../../../contract/auth-forms.js';
import { PASSWORD_RESET_MINUTES, requestPasswordReset } from '../../../../features/identity/password-resets.service.js';
import { assertLoginAllowed, enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/forgot-password',
    {
      config: { errorCodes: ['rate_limited'], auth: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'Forgot password: e-mail a one-use link to choose a new password',
        description:
          `Always 202, whether or not the e-mail has an account (nothing is revealed). An active account is mailed a link to /reset-password, valid ${PASSWORD_RESET_MINUTES} minutes, that works once; only its SHA-256 is stored. ` +
          'The limits of logging in apply: an address or account held by failed logins waits as it would to log in (429 with Retry-After), ' +
          'an address may ask 20 times a quarter hour, and an account is mailed at most 5 links a quarter hour (further requests are answered the same and mail nothing).',
        body: forgotPasswordBody,
        response: {
          202: z.object({
            sent: z.literal(true).describe('The request was taken; a mail follows if the e-mail has an active account'),
          }),
        },
      },
    },
    async (request, reply) => {
      await assertLoginAllowed(app.services, request.body.email, request.ip);
      await enforceAddressLimit(app.services, 'passwordReset', request.ip);
      await requestPasswordReset(app.services, request.body.email, request.ref);
      return reply.code(202).send({ sent: true as const });
    },
  );
});

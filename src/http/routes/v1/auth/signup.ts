import { signupBody } from '../../../../contract/auth-forms.js';
import { signup } from '../../../../features/identity/identity.service.js';
import { sessionResponse } from './_schemas.js';
import { setSessionCookie } from './_session-reply.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { sessionCookies } from '../../../cookies.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/signup',
    {
      config: { errorCodes: ['rate_limited', 'signup_disabled', 'email_exists'], auth: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'signup',
        summary: 'Create a firm and its first ADMIN, and start a session',
        description:
          'Public (unless SIGNUP_ENABLED=false). Creates the firm and its first ADMIN and answers ' +
          'with the session: the `vs_session` cookie and a `csrfToken` for X-CSRF-Token.',
        body: signupBody,
        response: { 201: sessionResponse },
      },
    },
    async (request, reply) => {
      await enforceAddressLimit(app.services, 'signup', request.ip);
      const result = await signup(app.services, request.body, request.ref);
      setSessionCookie(sessionCookies(app.deps.config), request, reply, result.grant);
      return reply.status(201).send({ user: result.user, firm: result.firm, csrfToken: result.grant.csrfToken });
    },
  );
});

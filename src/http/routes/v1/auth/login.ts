import { login } from '../../../../features/identity/identity.service.js';
import { loginBody } from '../../../../contract/auth-forms.js';
import { sessionResponse } from './_schemas.js';
import { setKnownBrowserCookie, setSessionCookie } from './_session-reply.js';
import { sessionCookies } from '../../../cookies.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/login',
    {
      config: { errorCodes: ['invalid_credentials', 'rate_limited'], auth: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Log in: sets an HttpOnly session cookie and returns the CSRF token',
        description:
          'Only failed logins count: after 20 from one address (an IPv6 address counts by its /64) it ' +
          'waits for its 15-minute window (429 with Retry-After); ' +
          'after 5 on one account from one address each further try waits 1 s, 2 s, 4 s … at most 60 ' +
          's; after 50 on one account from all addresses together, ' +
          'every address waits the same way, except a browser that has logged in to that account ' +
          'before (it carries an HttpOnly known-browser cookie, set on every successful login). ' +
          'A try answered 429 counts as a failure for the address that sent it. Nothing locks an ' +
          'account. A wrong e-mail and a wrong password answer the same 401.',
        body: loginBody,
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      const cookies = sessionCookies(app.deps.config);
      const result = await login(app.services, request.body, request.ref, request.ip, request.cookies[cookies.device]);
      setSessionCookie(cookies, request, reply, result.grant);
      setKnownBrowserCookie(cookies, request, reply, result.knownBrowserToken);
      return { user: result.user, firm: result.firm, csrfToken: result.grant.csrfToken };
    },
  );
});

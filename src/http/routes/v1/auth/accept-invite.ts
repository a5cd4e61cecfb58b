import { acceptInviteBody } from '../../../../contract/auth-forms.js';
import { acceptInvite } from '../../../../features/identity/team.service.js';
import { login } from '../../../../features/identity/identity.service.js';
import { sessionResponse } from './_schemas.js';
import { setKnownBrowserCookie, setSessionCookie } from './_session-reply.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { sessionCookies } from '../../../cookies.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/accept-invite',
    {
      config: {
        errorCodes: [
          'invalid_credentials',
          'rate_limited',
          'invalid_invitation',
          'invitation_used',
          'invitation_expired',
        ],
        auth: 'public',
      },
      schema: {
        tags: ['auth'],
        operationId: 'acceptInvite',
        summary: 'Accept an invitation: set a password, become ACTIVE, start a session',
        description:
          'Invitation tokens are single use and expire after 7 days: 400 invalid_invitation, 410 ' +
          'invitation_used / invitation_expired.',
        body: acceptInviteBody,
        response: { 200: sessionResponse },
      },
    },
    async (request, reply) => {
      await enforceAddressLimit(app.services, 'acceptInvite', request.ip);
      const user = await acceptInvite(app.services, request.body, request.ref);
      const result = await login(
        app.services,
        { email: user.email, password: request.body.password },
        request.ref,
        request.ip,
      );
      const cookies = sessionCookies(app.deps.config);
      setSessionCookie(cookies, request, reply, result.grant);
      setKnownBrowserCookie(cookies, request, reply, result.knownBrowserToken);
      return { user: result.user, firm: result.firm, csrfToken: result.grant.csrfToken };
    },
  );
});

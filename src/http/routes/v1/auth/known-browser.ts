import { z } from 'zod';
import { knownBrowserBody } from '../../../../contract/auth-forms.js';
import { confirmKnownBrowser } from '../../../../features/identity/known-browsers.service.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { sessionCookies } from '../../../cookies.js';
import { setKnownBrowserCookie } from './_session-reply.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/known-browser',
    {
      config: { errorCodes: ['rate_limited', 'link_expired'], auth: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'confirmKnownBrowser',
        summary: 'Open an e-mailed link: this browser becomes known to the account (no session; log in next)',
        description:
          'Sets the HttpOnly known-browser cookie. The link works once: 410 link_expired when used ' +
          'already or past its time; rate-limited per address like accepting invitations (429).',
        body: knownBrowserBody,
        response: { 200: z.object({ known: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await enforceAddressLimit(app.services, 'acceptInvite', request.ip);
      const { knownBrowserToken } = await confirmKnownBrowser(app.services, request.body.token, request.ref);
      setKnownBrowserCookie(sessionCookies(app.deps.config), request, reply, knownBrowserToken);
      return { known: true as const };
    },
  );
});

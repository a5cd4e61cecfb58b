import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { logout } from '../../../../features/identity/identity.service.js';
import { sessionCookies } from '../../../cookies.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/logout',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['auth'],
        operationId: 'logout',
        summary: 'End the session (invalidated server-side)',
        description:
          'Ends the session server-side: the cookie stops working at once on every API process. Needs X-CSRF-Token.',
        response: { 204: z.null().describe('Logged out') },
      },
    },
    async (request, reply) => {
      await logout(app.services, requirePrincipal(request));
      const cookies = sessionCookies(app.deps.config);
      reply.clearCookie(cookies.session, { path: '/', secure: cookies.secure(request) });
      reply.clearCookie(cookies.csrf, { path: '/', secure: cookies.secure(request) });
      return reply.status(204).send(null);
    },
  );
});

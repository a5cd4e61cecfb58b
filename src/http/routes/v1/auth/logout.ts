import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { CSRF_COOKIE, logout, SESSION_COOKIE } from '../../../../services/identity.js';

export default function route(app: AppInstance) {
  app.post(
    '/logout',
    {
      config: { auth: { role: 'VIEWER' } },
      schema: { tags: ['auth'], operationId: 'logout', summary: 'End the session (invalidated server-side)', description: 'Ends the session server-side: the cookie stops working at once on every API process. Needs X-CSRF-Token.', response: { 204: z.null().describe('Logged out') } },
    },
    async (request, reply) => {
      await logout(app.services, requirePrincipal(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(CSRF_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
}

import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { CSRF_COOKIE, logout, SESSION_COOKIE } from '../../../../services/identity.js';

export default function route(app: AppInstance) {
  app.post(
    '/api/v1/auth/logout',
    {
      config: { auth: { role: 'VIEWER' } },
      schema: { tags: ['auth'], summary: 'End the session (invalidated server-side)', response: { 204: z.null().describe('Logged out') } },
    },
    async (request, reply) => {
      await logout(app.services, requirePrincipal(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      reply.clearCookie(CSRF_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
}

import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { login } from '../../../../services/identity.js';
import { loginBody } from '../../../../contract/auth-forms.js';
import { sessionResponse } from './schemas.js';
import { setSessionCookie } from './session-reply.js';

export default function route(app: AppInstance) {
  app.post(
    '/login',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        operationId: 'login',
        summary: 'Log in: sets an HttpOnly session cookie and returns the CSRF token',
        description: 'Rate-limited per e-mail and per address (429 with Retry-After). A wrong e-mail and a wrong password answer the same 401.',
        body: loginBody,
        response: { 200: sessionResponse, ...problemResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      app.loginLimiter.hit(`ip:${request.ip}`);
      app.loginLimiter.hit(`email:${request.body.email.toLowerCase()}`);
      const result = await login(app.services, request.body, request.ref);
      setSessionCookie(request, reply, result.grant);
      return { user: result.user, firm: result.firm, csrfToken: result.grant.csrfToken };
    },
  );
}

import { requirePrincipal } from '../../../plugins/auth.js';
import { describePrincipal } from '../../../../features/identity/identity.service.js';
import { meSchema } from './_me-schema.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/me',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['auth'],
        operationId: 'getMe',
        summary: 'The caller: a user (with their profile) or an API token',
        description:
          'Who is calling: a user (role, profile, firm) for a session, or the token (name, role ' +
          'VALUER) for a bearer token.',
        response: { 200: meSchema },
      },
    },
    async (request) => describePrincipal(app.services, requirePrincipal(request)),
  );
});

import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { firmSchema, memberSchema } from '../../../schemas/common.js';
import { describePrincipal } from '../../../../services/identity.js';

const meSchema = z
  .object({
    kind: z.enum(['user', 'token']),
    role: z.enum(['ADMIN', 'VALUER', 'VIEWER']),
    firm: firmSchema,
    user: memberSchema.optional(),
    token: z.object({ id: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'Me' });

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/auth/me',
    { config: { auth: { role: 'VIEWER' } }, schema: { tags: ['auth'], summary: 'The caller: a user or an API token', response: { 200: meSchema } } },
    async (request) => describePrincipal(app.services, requirePrincipal(request)),
  );
}

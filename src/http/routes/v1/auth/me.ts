import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { firmSchema, memberSchema } from '../../../schemas/common.js';
import { profileSchema } from '../../../schemas/profile.js';
import { profilePatchBody } from '../../../../contract/registrations.js';
import { describePrincipal } from '../../../../services/identity.js';
import { updateMyProfile } from '../../../../services/profile.js';

const meSchema = z
  .object({
    kind: z.enum(['user', 'token']),
    role: z.enum(['ADMIN', 'VALUER', 'VIEWER']),
    firm: firmSchema,
    user: memberSchema.optional(),
    profile: profileSchema.optional().describe('A signed-in person\'s own profile'),
    token: z.object({ id: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: 'Me' });

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/auth/me',
    {
      config: { auth: { role: 'VIEWER' } },
      schema: { tags: ['auth'], operationId: 'getMe', summary: 'The caller: a user (with their profile) or an API token', response: { 200: meSchema } },
    },
    async (request) => describePrincipal(app.services, requirePrincipal(request)),
  );
  app.patch(
    '/api/v1/auth/me',
    {
      config: { auth: { role: 'VIEWER', userOnly: true } },
      schema: {
        tags: ['auth'],
        operationId: 'updateMe',
        summary: 'Update your own profile: display name, designation and registrations',
        description:
          '`registrations` replaces the whole list. Formats: IBBI_RV `IBBI/RV/03/2019/12345` with its asset class ' +
          '(and optionally the RVO), SEBI_MERCHANT_BANKER `INM000012345`, ICAI_MEMBERSHIP six digits. A bad value is a ' +
          '400 naming the field, e.g. `/registrations/0/number`. The registrations decide who may sign off GATE_3 per statute.',
        body: profilePatchBody,
        response: { 200: meSchema, ...problemResponses(400) },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      await updateMyProfile(app.services, principal, request.body, request.id);
      return describePrincipal(app.services, principal);
    },
  );
}

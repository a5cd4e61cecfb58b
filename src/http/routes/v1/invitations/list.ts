import { z } from 'zod';
import type { AppInstance } from '../../../types.js';

import { requirePrincipal } from '../../../plugins/auth.js';
import { invitationSchema, rule } from './schemas.js';
import { listInvitations } from '../../../../services/team.js';

export default function route(app: AppInstance) {
  app.get(
    '',
    {
      config: { ...rule, errorCodes: [] },
      schema: {
        tags: ['team'],
        operationId: 'listInvitations',
        summary: 'Pending invitations (expired ones included, so they can be resent), newest first',
        description: 'ADMIN. Pending invitations, newest first, expired ones included so they can be resent.',
        response: { 200: z.array(invitationSchema) },
      },
    },
    async (request) => listInvitations(app.services, requirePrincipal(request)),
  );
}

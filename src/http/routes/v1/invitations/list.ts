import { z } from 'zod';

import { requirePrincipal } from '../../../plugins/auth.js';
import { invitationSchema, rule } from './_schemas.js';
import { listInvitations } from '../../../../features/identity/team.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
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
});

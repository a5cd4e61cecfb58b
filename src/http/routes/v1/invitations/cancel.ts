import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { params, rule } from './_schemas.js';
import { cancelInvitation } from '../../../../features/identity/team.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.delete(
    '/:invitationId',
    {
      config: { ...rule, errorCodes: ['not_found'] },
      schema: {
        tags: ['team'],
        operationId: 'cancelInvitation',
        summary: 'Cancel a pending invitation; its link stops working and the invited member is removed',
        description: 'ADMIN. The link stops working and the invited (not yet active) member is removed.',
        params,
        response: { 204: z.null().describe('Cancelled') },
      },
    },
    async (request, reply) => {
      await cancelInvitation(app.services, requirePrincipal(request), request.params.invitationId, request.ref);
      return reply.status(204).send(null);
    },
  );
});

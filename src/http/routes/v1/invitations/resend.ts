import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { params, rule } from './schemas.js';
import { resendInvitation } from '../../../../services/team.js';

export default function route(app: AppInstance) {
  app.post(
    '/:invitationId/resend',
    {
      config: rule,
      schema: {
        tags: ['team'], operationId: 'resendInvitation',
        summary: 'Mail the invitation again with a new link valid for 7 days; the old link stops working',
        description: 'ADMIN. Mails a new link valid for 7 days; the previous link stops working.',
        params, response: { 204: z.null().describe('Resent'), ...problemResponses(404) },
      },
    },
    async (request, reply) => {
      await resendInvitation(app.services, requirePrincipal(request), request.params.invitationId, request.ref);
      return reply.status(204).send(null);
    },
  );
}


import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { params, rule } from './_schemas.js';
import { resendInvitation } from '../../../../features/identity/team.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/:invitationId/resend',
    {
      config: { ...rule, errorCodes: ['not_found'] },
      schema: {
        tags: ['team'],
        operationId: 'resendInvitation',
        summary: 'Mail the invitation again with a new link valid for 7 days; the old link stops working',
        description:
          'ADMIN. A new link valid for 7 days; the previous link stops working at once. With SMTP ' +
          'configured the link is e-mailed and the answer is 204. ' +
          "Without SMTP no mail reaches anyone, so the answer is 200 with the new link's path for the " +
          'ADMIN to pass on (as when inviting: delivery LINK_SHOWN, acceptPath relative to the ' +
          "console's address).",
        params,
        response: {
          200: z
            .object({
              email: z.string().describe('Whom the link is for'),
              delivery: z.literal('LINK_SHOWN'),
              acceptPath: z.string().describe("/accept-invite?token=… on the console's own address; shown once"),
            })
            .describe('Without SMTP: the new link to pass on'),
          204: z.null().describe('Resent by e-mail'),
        },
      },
    },
    async (request, reply) => {
      const resent = await resendInvitation(
        app.services,
        requirePrincipal(request),
        request.params.invitationId,
        request.ref,
      );
      if (resent.delivery === 'LINK_SHOWN') return reply.status(200).send(resent);
      return reply.status(204).send(null);
    },
  );
});

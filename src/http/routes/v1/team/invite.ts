import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { emailSchema, memberSchema } from '../../../schemas/common.js';
import { invite } from '../../../../features/identity/team.service.js';
import { ROLES } from '../../../../contract/roles.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/invite',
    {
      config: { errorCodes: ['email_exists'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['team'],
        operationId: 'inviteTeamMember',
        summary: 'Invite a team member (ADMIN user only)',
        description:
          'Creates the member with status INVITED and a single-use link valid 7 days. With SMTP ' +
          'configured the link is e-mailed (delivery EMAILED); without SMTP no mail reaches anyone, ' +
          "so the response gives the inviting ADMIN the link's path to pass on (delivery LINK_SHOWN, " +
          "acceptPath, relative to the console's address; an .eml copy is still written to " +
          'DATA_DIR/mail). The mail names the firm and the person inviting. An e-mail already ' +
          'of this firm (a member or a pending invitation), in any case, answers 409 email_exists. An e-mail ' +
          'that has an account with another firm (an address belongs to one firm) is answered as a new ' +
          'invitation, 201 in the same shape, so inviting does not reveal who has an account on the service: ' +
          'nothing is made, and the address is mailed that it was invited, why no invitation was made and ' +
          'what to do.',
        body: z.object({ email: emailSchema, name: z.string().trim().min(1).max(200), role: z.enum(ROLES) }).strict(),
        response: {
          201: memberSchema.extend({
            delivery: z
              .enum(['EMAILED', 'LINK_SHOWN'])
              .describe('EMAILED with SMTP configured; LINK_SHOWN without, when acceptPath is given to pass on'),
            acceptPath: z
              .string()
              .optional()
              .describe("Without SMTP only: /accept-invite?token=… on the console's own address; shown once"),
          }),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await invite(app.services, requirePrincipal(request), request.body, request.ref)),
  );
});

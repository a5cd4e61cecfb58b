import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { emailSchema, memberSchema } from '../../../schemas/common.js';
import { invite } from '../../../../services/team.js';

export default function route(app: AppInstance) {
  app.post(
    '/invite',
    {
      config: { auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['team'],
        operationId: 'inviteTeamMember',
        summary: 'Invite a team member (ADMIN user only)',
        description: 'Creates the member with status INVITED and e-mails a single-use link valid 7 days (SMTP when configured, otherwise an .eml file in DATA_DIR/mail). An e-mail already registered, in any case, answers 409 email_exists.',
        body: z.object({ email: emailSchema, name: z.string().trim().min(1).max(200), role: z.enum(['ADMIN', 'VALUER', 'VIEWER']) }).strict(),
        response: { 201: memberSchema, ...problemResponses(400, 409) },
      },
    },
    async (request, reply) => reply.status(201).send(await invite(app.services, requirePrincipal(request), request.body, request.ref)),
  );
}

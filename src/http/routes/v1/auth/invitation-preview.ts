import { z } from 'zod';
import { previewInvitation } from '../../../../features/identity/team.service.js';
import { enforceAddressLimit } from '../../../../features/platform/rate-limits.service.js';
import { ROLES } from '../../../../contract/roles.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/invitation-preview',
    {
      config: {
        errorCodes: ['rate_limited', 'invalid_invitation', 'invitation_used', 'invitation_expired'],
        auth: 'public',
      },
      schema: {
        tags: ['auth'],
        operationId: 'previewInvitation',
        summary: 'What an invitation is for: the firm, the role and the person invited, before accepting it',
        description:
          'The token travels in the body, never in a URL that logs keep. The same refusals as ' +
          'accepting: 400 invalid_invitation, 410 invitation_used or invitation_expired; rate-limited ' +
          'per address like accepting (429).',
        body: z.object({ token: z.string().min(1).max(200) }).strict(),
        response: {
          200: z.object({
            firm: z.string().describe("The firm's legal name (its display name where none is set)"),
            role: z.enum(ROLES),
            name: z.string().describe('The name the ADMIN gave the person invited'),
            expiresAt: z.string(),
          }),
        },
      },
    },
    async (request) => {
      await enforceAddressLimit(app.services, 'acceptInvite', request.ip);
      return previewInvitation(app.services, request.body.token);
    },
  );
});

import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { isoDateTime } from '../../../schemas/common.js';
import { cancelInvitation, listInvitations, resendInvitation } from '../../../../services/team.js';

const invitationSchema = z
  .object({
    id: z.string(),
    userId: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(['ADMIN', 'VALUER', 'VIEWER']),
    createdAt: isoDateTime,
    expiresAt: isoDateTime,
    expired: z.boolean(),
    resentAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Invitation' });
const params = z.object({ invitationId: z.string() });
const rule = { auth: { role: 'ADMIN' as const, userOnly: true } };

export function list(app: AppInstance) {
  app.get(
    '/api/v1/invitations',
    {
      config: rule,
      schema: { tags: ['team'], operationId: 'listInvitations', summary: 'Pending invitations (expired ones included, so they can be resent), newest first', response: { 200: z.array(invitationSchema) } },
    },
    async (request) => listInvitations(app.services, requirePrincipal(request)),
  );
}

export function resend(app: AppInstance) {
  app.post(
    '/api/v1/invitations/:invitationId/resend',
    {
      config: rule,
      schema: {
        tags: ['team'], operationId: 'resendInvitation',
        summary: 'Mail the invitation again with a new link valid for 7 days; the old link stops working',
        params, response: { 204: z.null().describe('Resent'), ...problemResponses(404) },
      },
    },
    async (request, reply) => {
      await resendInvitation(app.services, requirePrincipal(request), request.params.invitationId, request.id);
      return reply.status(204).send(null);
    },
  );
}

export function cancel(app: AppInstance) {
  app.delete(
    '/api/v1/invitations/:invitationId',
    {
      config: rule,
      schema: {
        tags: ['team'], operationId: 'cancelInvitation',
        summary: 'Cancel a pending invitation; its link stops working and the invited member is removed',
        params, response: { 204: z.null().describe('Cancelled'), ...problemResponses(404) },
      },
    },
    async (request, reply) => {
      await cancelInvitation(app.services, requirePrincipal(request), request.params.invitationId, request.id);
      return reply.status(204).send(null);
    },
  );
}

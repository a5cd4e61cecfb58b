import { z } from 'zod';
import type { AppInstance } from '../../../../types.js';
import { problemResponses } from '../../../../problem.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { engagementSchema } from '../../../../schemas/engagement.js';
import { GATES } from '../../../../../domain/engagement/state-machine.js';
import { approveGate, rejectGate } from '../../../../../services/gates.js';

const params = z.object({ id: z.string(), gate: z.enum(GATES) });

export function approve(app: AppInstance) {
  app.post(
    '/api/v1/engagements/:id/gates/:gate/approve',
    {
      config: { auth: { role: 'VALUER' } },
      schema: {
        tags: ['gates'],
        summary: 'Approve the review gate the engagement is at',
        description:
          'Only the current gate (409 invalid_transition). GATE_2 needs a different approver than GATE_1 (409 four_eyes_required). ' +
          'GATE_3 (sign-off) needs an ADMIN user (403) and a paid engagement (409 payment_required); it completes the engagement and starts the FINAL report.',
        params,
        body: z.object({ comment: z.string().trim().max(2000).optional() }).strict().nullish().describe('Optional: an approval may be sent with no body'),
        response: { 200: engagementSchema, ...problemResponses(400, 404, 409) },
      },
    },
    async (request) => approveGate(app.services, requirePrincipal(request), request.params.id, request.params.gate, request.body?.comment, request.id),
  );
}

export function reject(app: AppInstance) {
  app.post(
    '/api/v1/engagements/:id/gates/:gate/reject',
    {
      config: { auth: { role: 'VALUER' } },
      schema: {
        tags: ['gates'],
        summary: 'Reject at the current gate: decline (FAILED) or return for revision (DATA_READY)',
        description:
          'outcome DECLINE (the default) ends the engagement in FAILED with the reason. outcome REVISE returns it for revision: the locked assumptions become version n ' +
          '(readable at GET /api/v1/engagements/{id}/assumptions/history together with that round\'s valuation and DRAFT report id), the engagement goes back to DATA_READY, ' +
          'the gate approvals of the round no longer count and the payment stands. Locking again creates version n + 1, the computation runs again and GATE_1 gets a new DRAFT.',
        params,
        body: z
          .object({
            reason: z.string().trim().min(10).max(2000),
            outcome: z.enum(['DECLINE', 'REVISE']).optional().describe('DECLINE (default): → FAILED. REVISE: → DATA_READY for a new round of assumptions'),
          })
          .strict(),
        response: { 200: engagementSchema, ...problemResponses(400, 404, 409) },
      },
    },
    async (request) =>
      rejectGate(app.services, requirePrincipal(request), request.params.id, request.params.gate, request.body.reason, request.id, request.body.outcome ?? 'DECLINE'),
  );
}

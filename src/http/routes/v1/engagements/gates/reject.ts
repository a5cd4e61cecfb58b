import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { engagementSchema } from '../../../../schemas/engagement.js';
import { GATES } from '../../../../../contract/stages.js';
import { rejectGate } from '../../../../../features/review/gates.service.js';
import { defineRoute } from '../../../define-route.js';

const params = z.object({ id: z.string(), gate: z.enum(GATES) });

export default defineRoute((app) => {
  app.post(
    '/:gate/reject',
    {
      config: { errorCodes: ['not_found', 'invalid_transition'], auth: { role: 'VALUER', person: true } },
      schema: {
        tags: ['gates'],
        operationId: 'rejectGate',
        summary: 'Reject at the current gate: decline (FAILED) or return for revision (DATA_READY)',
        description:
          'A person decides: an API token is 403 person_required. outcome DECLINE (the default) ends ' +
          'the engagement in FAILED with the reason. outcome REVISE returns it for revision: the ' +
          'locked assumptions become version n ' +
          "(readable at GET /api/v1/engagements/{id}/assumptions/history together with that round's " +
          'valuation and DRAFT report id), the engagement goes back to DATA_READY, ' +
          'the gate approvals of the round no longer count and the payment stands. Locking again ' +
          'creates version n + 1, the computation runs again and GATE_1 gets a new DRAFT.',
        params,
        body: z
          .object({
            reason: z.string().trim().min(10).max(2000),
            outcome: z
              .enum(['DECLINE', 'REVISE'])
              .optional()
              .describe('DECLINE (default): → FAILED. REVISE: → DATA_READY for a new round of assumptions'),
          })
          .strict(),
        response: { 200: engagementSchema },
      },
    },
    async (request) =>
      rejectGate(app.services, requirePrincipal(request), {
        engagementId: request.params.id,
        gate: request.params.gate,
        reason: request.body.reason,
        request: request.ref,
        outcome: request.body.outcome ?? 'DECLINE',
      }),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../plugins/auth.js';
import { waitingFor } from '../../../features/review/inbox.service.js';
import { defineRoute } from '../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/inbox',
    {
      config: { errorCodes: ['validation_failed'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['engagements'],
        operationId: 'waitingForMe',
        summary: 'Waiting for me: the engagements on which the signed-in person can act now',
        description:
          "A gate to decide (GATE_1; GATE_2 only where the person neither locked this round's " +
          'assumptions nor approved GATE_1; GATE_3 sign-off only for an ADMIN who did not review ' +
          'GATE_2, once paid), assumptions to lock (or to lock again after a return for revision), ' +
          'payment due before sign-off, and (SIGN_WITH_DSC) a sealed FINAL the person signed off that ' +
          'awaits their own DSC signature. Gates are decided by people: an API token and a VIEWER ' +
          'have nothing waiting (count 0). The console shows the count in its navigation and ' +
          'refreshes it on every engagement event.',
        response: {
          200: z.object({
            count: z.number().int(),
            items: z.array(
              z.object({
                engagementId: z.string(),
                targetEntity: z.string(),
                statute: z.string(),
                status: z.string(),
                action: z.enum([
                  'DECIDE_GATE_1',
                  'DECIDE_GATE_2',
                  'SIGN_OFF',
                  'PAY',
                  'LOCK_ASSUMPTIONS',
                  'RELOCK_AFTER_REVISION',
                  'SIGN_WITH_DSC',
                ]),
                why: z.string().describe("What is waiting, and why it is this person's, as a sentence"),
              }),
            ),
          }),
        },
      },
    },
    async (request) => waitingFor(app.services, requirePrincipal(request)),
  );
});

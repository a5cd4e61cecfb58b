import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { engagementSchema } from '../../../schemas/engagement.js';
import { reopenEngagement } from '../../../../features/engagements/engagement-reopen.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '/:id/reopen',
    {
      config: { errorCodes: ['not_found', 'invalid_transition'], auth: { role: 'ADMIN', userOnly: true } },
      schema: {
        tags: ['engagements'],
        operationId: 'reopenEngagement',
        summary: 'Reopen a FAILED engagement (ADMIN): back to DATA_READY, to be locked again',
        description:
          'An ADMIN, signed in, returns a FAILED engagement to DATA_READY with a reason (at least 10 ' +
          'characters). The assumptions in force become a SUPERSEDED version in the history (revision.gate ' +
          'FAILED, with the reason); locking again runs the computation again. Recorded in the trail as ' +
          'engagement.reopen with the reason and why it had failed; engagement.stage_changed is sent. Any ' +
          'other status → 409 invalid_transition.',
        params: z.object({ id: z.string() }),
        body: z.object({ reason: z.string().trim().min(10).max(2000) }).strict(),
        response: { 200: engagementSchema },
      },
    },
    async (request) =>
      reopenEngagement(app.services, requirePrincipal(request), request.params.id, request.body.reason, request.ref),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { assumptionsVersionSchema } from '../../../../schemas/engagement.js';
import { getAssumptionsHistory } from '../../../../../features/valuation/assumptions.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/history',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['assumptions'],
        operationId: 'getAssumptionsHistory',
        summary: 'Every version of the locked assumptions, oldest first',
        description:
          'Versions returned for revision at a gate (status SUPERSEDED, with the valuation computed ' +
          "from them, the gate, reason, who and when, and that round's DRAFT report id), then the " +
          'current lock (status CURRENT) when there is one. An engagement never locked answers [].',
        params: z.object({ id: z.string() }),
        response: { 200: z.array(assumptionsVersionSchema) },
      },
    },
    async (request) => getAssumptionsHistory(app.services, requirePrincipal(request), request.params.id),
  );
});

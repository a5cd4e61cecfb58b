import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { assumptionsSchema } from '../../../../schemas/engagement.js';
import { getAssumptions } from '../../../../../features/valuation/assumptions.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['assumptions'],
        operationId: 'getAssumptions',
        summary: 'Read the assumptions: {locked:false} before the lock',
        params: z.object({ id: z.string() }),
        description: 'The locked assumptions with rationale, or `{locked:false}` before the lock.',
        response: { 200: assumptionsSchema },
      },
    },
    async (request) => getAssumptions(app.services, requirePrincipal(request), request.params.id),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { valuationSchema } from '../../../schemas/engagement.js';
import { getValuation } from '../../../../features/valuation/computation.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:id/valuation',
    {
      config: { errorCodes: ['not_found', 'valuation_not_ready'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['valuation'],
        operationId: 'getValuation',
        summary: "The computed valuation: every method's lines, the conclusion, the sensitivity grid and warnings",
        description: '409 valuation_not_ready before computation (the detail says why when the computation failed).',
        params: z.object({ id: z.string() }),
        response: { 200: valuationSchema },
      },
    },
    async (request) => getValuation(app.services, requirePrincipal(request), request.params.id) as never,
  );
});

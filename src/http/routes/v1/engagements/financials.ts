import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { getNormalisedFinancials } from '../../../../features/valuation/financials.service.js';
import { normalisedFinancialsSchema } from '../../../../domain/financials/normalised-schema.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '/:id/financials',
    {
      config: { errorCodes: ['not_found', 'financials_not_ready', 'inputs_incomplete'], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['documents'],
        operationId: 'getFinancials',
        summary: 'The normalised financials the valuation uses (every amount in rupees, as decimal strings)',
        description:
          'The financials as the engine reads them after ingestion, every amount a decimal string in ' +
          'rupees; 409 before ingestion.',
        params: z.object({ id: z.string() }),
        response: {
          200: z
            .object({
              engagementId: z.string(),
              documentId: z.string(),
              acceptedAt: z.string(),
              financials: normalisedFinancialsSchema,
              missingInputs: z
                .array(z.object({ path: z.string(), message: z.string() }))
                .describe(
                  "What the engagement's statute still needs from these financials (JSON Pointers into the " +
                    'financials document); the lock answers 409 inputs_incomplete until it is empty',
                ),
            })
            .meta({ id: 'NormalisedFinancials' }),
        },
      },
    },
    async (request) => getNormalisedFinancials(app.services, requirePrincipal(request), request.params.id),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { deleteSavedCostOfCapital } from '../../../../../features/valuation/saved-cost-of-capital.service.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.delete(
    '/:id',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VALUER' } },
      schema: {
        tags: ['settings'],
        operationId: 'deleteSavedCostOfCapital',
        summary: 'Delete a saved cost-of-capital build-up',
        description: "VALUER or ADMIN. Locks made from it keep their figures; another firm's id answers 404.",
        params: z.object({ id: z.string() }),
        response: { 204: z.null().describe('Deleted') },
      },
    },
    async (request, reply) => {
      await deleteSavedCostOfCapital(app.services, requirePrincipal(request), {
        id: request.params.id,
        request: request.ref,
      });
      return reply.status(204).send(null);
    },
  );
});

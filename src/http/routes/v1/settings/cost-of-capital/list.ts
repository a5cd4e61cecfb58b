import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { listSavedCostOfCapital } from '../../../../../features/valuation/saved-cost-of-capital.service.js';
import { savedCostOfCapitalSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.get(
    '',
    {
      config: { errorCodes: [], auth: { role: 'VIEWER' } },
      schema: {
        tags: ['settings'],
        operationId: 'listSavedCostOfCapital',
        summary: "The firm's saved cost-of-capital build-ups",
        description:
          'Every member. By name; each with its figures, their source and the date they were read, to start a lock ' +
          "from (the lock's costOfCapital) and adjust.",
        response: { 200: z.array(savedCostOfCapitalSchema) },
      },
    },
    async (request) => listSavedCostOfCapital(app.services, requirePrincipal(request)),
  );
});

import { requirePrincipal } from '../../../../plugins/auth.js';
import { saveCostOfCapital } from '../../../../../features/valuation/saved-cost-of-capital.service.js';
import { saveCostOfCapitalBody } from '../../../../../contract/saved-cost-of-capital.js';
import { savedCostOfCapitalSchema } from './_schemas.js';
import { defineRoute } from '../../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '',
    {
      config: { errorCodes: ['validation_failed'], auth: { role: 'VALUER' } },
      schema: {
        tags: ['settings'],
        operationId: 'saveCostOfCapital',
        summary: 'Save a cost-of-capital build-up for the firm',
        description:
          'VALUER or ADMIN. The figures are checked as a lock checks them (400 naming the field); saving under a name ' +
          'the firm already uses replaces that build-up (same id). The trail records who saved it.',
        body: saveCostOfCapitalBody,
        response: { 201: savedCostOfCapitalSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await saveCostOfCapital(app.services, requirePrincipal(request), {
          body: request.body,
          request: request.ref,
        }),
      ),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { engagementDetailSchema } from '../../../schemas/engagement.js';
import { getEngagement } from '../../../../features/engagements/engagement-reads.service.js';
import { defineRoute } from '../../define-route.js';
import { compiledSerializer } from '../../../compiled-serializer.js';

export default defineRoute((app) => {
  app.get(
    '/:id',
    {
      config: { errorCodes: ['not_found'], auth: { role: 'VIEWER' } },
      serializerCompiler: compiledSerializer,
      schema: {
        tags: ['engagements'],
        operationId: 'getEngagement',
        summary: 'Fetch an engagement',
        params: z.object({ id: z.string() }),
        description:
          "One engagement of the caller's firm; another firm's id answers 404 exactly as an unknown " +
          'one. From GATE_1 on it carries `signatory`: the rule, the registrations that qualify and ' +
          'the members who hold one, decided by the methods the conclusion adopts.',
        response: { 200: engagementDetailSchema },
      },
    },
    async (request) => getEngagement(app.services, requirePrincipal(request), request.params.id),
  );
});

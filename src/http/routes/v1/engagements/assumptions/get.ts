import { z } from 'zod';
import type { AppInstance } from '../../../../types.js';
import { problemResponses } from '../../../../problem.js';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { assumptionsSchema } from '../../../../schemas/engagement.js';
import { getAssumptions } from '../../../../../services/valuation.js';

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/engagements/:id/assumptions',
    {
      config: { auth: { role: 'VIEWER' } },
      schema: { tags: ['assumptions'], summary: 'Read the assumptions: {locked:false} before the lock', params: z.object({ id: z.string() }), response: { 200: assumptionsSchema, ...problemResponses(404) } },
    },
    async (request) => getAssumptions(app.services, requirePrincipal(request), request.params.id),
  );
}

import { z } from 'zod';
import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { engagementSchema } from '../../../schemas/engagement.js';
import { getEngagement } from '../../../../services/engagements.js';

export default function route(app: AppInstance) {
  app.get(
    '/api/v1/engagements/:id',
    {
      config: { auth: { role: 'VIEWER' } },
      schema: { tags: ['engagements'], summary: 'Fetch an engagement', params: z.object({ id: z.string() }), response: { 200: engagementSchema, ...problemResponses(404) } },
    },
    async (request) => getEngagement(app.services, requirePrincipal(request), request.params.id),
  );
}

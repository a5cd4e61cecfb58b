import type { AppInstance } from '../../../types.js';
import { problemResponses } from '../../../problem.js';
import { requirePrincipal } from '../../../plugins/auth.js';
import { withIdempotency } from '../../../idempotency.js';
import { createEngagementBody, engagementSchema } from '../../../schemas/engagement.js';
import { createEngagement } from '../../../../services/engagements.js';

export default function route(app: AppInstance) {
  app.post(
    '',
    {
      config: { auth: { role: 'VALUER' } },
      schema: {
        tags: ['engagements'],
        operationId: 'createEngagement',
        summary: 'Create a valuation engagement',
        description: 'Honours Idempotency-Key: the same key and body within 24 h replays the first response; another body → 409 idempotency_conflict.',
        body: createEngagementBody,
        response: { 201: engagementSchema, ...problemResponses(400, 409) },
      },
    },
    async (request, reply) =>
      withIdempotency(app.services, request, reply, [JSON.stringify(request.body)], 201, (record) =>
        createEngagement(app.services, requirePrincipal(request), request.body, request.ref, record),
      ),
  );
}

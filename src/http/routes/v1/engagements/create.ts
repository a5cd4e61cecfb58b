import { requirePrincipal } from '../../../plugins/auth.js';
import { withIdempotency } from '../../../idempotency.js';
import { createEngagementBody, engagementSchema } from '../../../schemas/engagement.js';
import { createEngagement } from '../../../../features/engagements/engagement-create.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.post(
    '',
    {
      config: {
        errorCodes: ['no_provision_in_force', 'idempotency_conflict', 'idempotency_in_progress'],
        auth: { role: 'VALUER' },
      },
      schema: {
        tags: ['engagements'],
        operationId: 'createEngagement',
        summary: 'Create a valuation engagement',
        description:
          'Honours Idempotency-Key: the same key and body within 24 h replays the first response; ' +
          'another body → 409 idempotency_conflict. transactionDate (default: the valuation date) ' +
          'decides the law for RULE_11UA: a transaction in a tax year beginning on or after 1 April ' +
          '2026 is valued under the Income-tax Act, 2025 and Rule 57 of the Income-tax Rules, 2026, ' +
          'an earlier one under the Income-tax Act, 1961 and Rule 11UA (s.536 of the 2025 Act). ' +
          'RULE_11UA ISSUE_OF_SHARES with a transaction on or after 1 April 2026 → 400 ' +
          'no_provision_in_force: the 2025 Act has no counterpart of s.56(2)(viib) and Rule 57 no DCF ' +
          "alternative; the message names the alternatives (the subscriber's receipt under " +
          's.92(2)(m), purpose TRANSFER_OR_RECEIPT; or COMPANIES_ACT_SEC_62 or FEMA_RBI).',
        body: createEngagementBody,
        response: { 201: engagementSchema },
      },
    },
    async (request, reply) =>
      withIdempotency(app.services, request, reply, [JSON.stringify(request.body)], 201, (record) =>
        createEngagement(app.services, requirePrincipal(request), request.body, request.ref, record),
      ),
  );
});

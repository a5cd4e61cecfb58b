import { z } from 'zod';
import { requirePrincipal } from '../../../plugins/auth.js';
import { engagementSchema, patchEngagementBody } from '../../../schemas/engagement.js';
import { patchEngagement } from '../../../../features/engagements/engagement-patch.service.js';
import { defineRoute } from '../../define-route.js';

export default defineRoute((app) => {
  app.patch(
    '/:id',
    {
      config: {
        errorCodes: [
          'not_found',
          'invalid_transition',
          'report_signed',
          'no_provision_in_force',
          'computation_started',
        ],
        auth: { role: 'VALUER' },
      },
      schema: {
        tags: ['engagements'],
        operationId: 'patchEngagement',
        summary: 'Correct an engagement before its computation starts',
        description:
          'Changes only the fields given: targetEntity, cin, purpose, valuationDate (not later than ' +
          'today in India), transactionDate (null makes it the valuation date again) and ' +
          'proposedPricePerShare (null clears cin, purpose or the price). A RULE_11UA ISSUE_OF_SHARES ' +
          'whose transaction (after the change) falls on or after 1 April 2026 → 400 ' +
          'no_provision_in_force, as on create. Allowed while the engagement is CREATED, ' +
          'DATA_INGESTING or DATA_READY; once the computation has started → 409 computation_started. ' +
          'Invalid fields → 400 with a JSON Pointer each, and nothing changes. Each change is ' +
          'recorded in the audit trail (engagement.updated, every field from → to). assignedValuerId ' +
          'reassigns the engagement in any status: only an ADMIN or the current assignee may (403 ' +
          'forbidden), to an active VALUER or ADMIN of the firm (400 naming /assignedValuerId ' +
          'otherwise); recorded as engagement.assigned.',
        params: z.object({ id: z.string() }),
        body: patchEngagementBody,
        response: { 200: engagementSchema },
      },
    },
    async (request) =>
      patchEngagement(app.services, requirePrincipal(request), request.params.id, request.body, request.ref),
  );
});

import { z } from 'zod';
import { requirePrincipal } from '../../../../plugins/auth.js';
import { engagementSchema } from '../../../../schemas/engagement.js';
import { GATES } from '../../../../../contract/stages.js';
import { approveGate } from '../../../../../features/review/gates.service.js';
import { defineRoute } from '../../../define-route.js';

const params = z.object({ id: z.string(), gate: z.enum(GATES) });

export default defineRoute((app) => {
  app.post(
    '/:gate/approve',
    {
      config: {
        errorCodes: [
          'not_found',
          'invalid_transition',
          'report_facts_missing',
          'independent_review_required',
          'signatory_not_qualified',
          'payment_required',
          'udin_already_used',
          'firm_registration_missing',
          'certificate_after_issue',
        ],
        auth: { role: 'VALUER', person: true },
      },
      schema: {
        tags: ['gates'],
        operationId: 'approveGate',
        summary: 'Approve the review gate the engagement is at',
        description:
          'A person decides: an API token is 403 person_required. Only the current gate (409 invalid_transition). ' +
          "GATE_2 needs an independent reviewer: not whoever locked this round's assumptions or " +
          'approved GATE_1, and GATE_3 is not signed by the GATE_2 reviewer (409 ' +
          "independent_review_required, naming who did what; a token's actions count as its " +
          "creator's). " +
          'GATE_3 (sign-off) needs an ADMIN user (403), a paid engagement (409 payment_required), the ' +
          'report facts (409 report_facts_missing naming each field), `place`, and a `udin` when the ' +
          'signatory signs as a chartered accountant (400 naming /udin when missing, malformed or not ' +
          'their membership number; 409 udin_already_used naming /udin when another report of the firm ' +
          'carries it; 409 firm_registration_missing naming /settings/firm/icaiFirmRegistrationNumber when ' +
          "the signatory signs as a chartered accountant and the firm's profile has no ICAI Firm Registration " +
          'Number; for a FEMA issue, 409 certificate_after_issue naming /transactionDate when the proposed issue ' +
          'date has passed and the engagement does not record issueAlreadyMade; 400 naming /valuationDateReason when ' +
          'the report is dated more than 90 days after the valuation date and the engagement does not say why, ' +
          'and with the reason a REPORT_DATE_LONG_AFTER_VALUATION_DATE warning); it completes the engagement and starts the FINAL report.',
        params,
        body: z
          .object({
            comment: z.string().trim().max(2000).optional(),
            place: z
              .string()
              .trim()
              .min(2)
              .max(100)
              .optional()
              .describe('GATE_3 only, required there: where the report is signed, e.g. Mumbai'),
            udin: z
              .string()
              .trim()
              .max(18)
              .optional()
              .describe(
                "GATE_3 only: the signatory's UDIN (18 characters: YY + six-digit ICAI membership number + " +
                  'ten letters and digits), required when the signatory signs as a chartered accountant',
              ),
            classSignatories: z
              .object({
                LAND_AND_BUILDING: z.string().optional(),
                PLANT_AND_MACHINERY: z.string().optional(),
                SECURITIES_OR_FINANCIAL_ASSETS: z.string().optional(),
              })
              .strict()
              .optional()
              .describe(
                "IBC, GATE_3 only: the member (user id) who signs each asset class's estimate, by IBBI " +
                  'registration class (inventories are Plant and Machinery; receivables, cash and securities are ' +
                  "Securities or Financial Assets). A class not named is signed by the engagement's set member for it " +
                  '(`valuerSet`, who verified it; naming another is 400), or, with no set recorded, by the ' +
                  "ADMIN signing off; the set's coordinating valuer is recorded as approving the whole. 409 " +
                  'signatory_not_qualified when the signatory holds no IBBI registration for that class',
              ),
          })
          .strict()
          .nullish()
          .describe('Optional for GATE_1 and GATE_2: an approval may be sent with no body'),
        response: {
          200: engagementSchema
            .extend({
              warnings: z
                .array(z.object({ code: z.string(), message: z.string() }))
                .optional()
                .describe(
                  'GATE_3: what the signatory should know of the report signed, in words; ' +
                    'REPORT_DATE_LONG_AFTER_VALUATION_DATE when it is dated more than 90 days after the valuation date',
                ),
            })
            .meta({ id: 'GateApproval' }),
        },
      },
    },
    async (request) =>
      approveGate(app.services, requirePrincipal(request), {
        engagementId: request.params.id,
        gate: request.params.gate,
        comment: request.body?.comment,
        request: request.ref,
        signing: {
          place: request.body?.place,
          udin: request.body?.udin,
          classSignatories: request.body?.classSignatories,
        },
      }),
  );
});

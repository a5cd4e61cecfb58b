// The engagement request bodies as the API takes them: the console's fields (src/contract/engagement-forms.ts) and
// the transaction facts (src/contract/transaction-facts.ts), which the console asks for on the engagement's page.
import { z } from 'zod';
import {
  createEngagementFields,
  patchEngagementFields,
  refineCreateEngagement,
  untilSignedOff,
} from './engagement-forms.js';
import { appointmentBasisBody, engagementLetterDateBody, transactionFactsBody } from './transaction-facts.js';
import { appointingOfficerBody, freshValuationReasonBody, ibcOnlyProblems, valuerSetBody } from './ibc-valuer-set.js';
import { insolvencyFactsBody } from './ibc-insolvency-facts.js';

export const createEngagementBody = z
  .object({
    ...createEngagementFields,
    transaction: transactionFactsBody.optional(),
    appointmentBasis: appointmentBasisBody.optional(),
    engagementLetterDate: engagementLetterDateBody.optional(),
    valuerSet: valuerSetBody.optional(),
    appointingOfficer: appointingOfficerBody.optional(),
    freshValuationReason: freshValuationReasonBody.optional(),
    insolvencyFacts: insolvencyFactsBody.optional(),
  })
  .strict()
  .superRefine(refineCreateEngagement)
  .superRefine((body, ctx) => {
    for (const p of ibcOnlyProblems(body.statute, body.purpose, body)) ctx.addIssue({ code: 'custom', ...p });
  })
  .meta({ id: 'CreateEngagement' });

export const patchEngagementBody = z
  .object({
    ...patchEngagementFields,
    transaction: untilSignedOff(transactionFactsBody).describe(
      'The transaction the report prices (docs/reports.md, The transaction); null clears it; editable until ' +
        "GATE_3 is approved. Its date must be the engagement's transactionDate (give both to change it)",
    ),
    appointmentBasis: untilSignedOff(appointmentBasisBody),
    engagementLetterDate: untilSignedOff(engagementLetterDateBody),
    valuerSet: untilSignedOff(valuerSetBody).describe(
      'IBC: the set of valuers, one per asset class, with the coordinating valuer and each class’s physical ' +
        'verification; replaces the whole set; null clears it; editable until GATE_3 is approved',
    ),
    appointingOfficer: untilSignedOff(appointingOfficerBody),
    freshValuationReason: untilSignedOff(freshValuationReasonBody),
    insolvencyFacts: untilSignedOff(insolvencyFactsBody),
  })
  .strict()
  .meta({ id: 'PatchEngagement' });

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

export const createEngagementBody = z
  .object({
    ...createEngagementFields,
    transaction: transactionFactsBody.optional(),
    appointmentBasis: appointmentBasisBody.optional(),
    engagementLetterDate: engagementLetterDateBody.optional(),
  })
  .strict()
  .superRefine(refineCreateEngagement)
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
  })
  .strict()
  .meta({ id: 'PatchEngagement' });

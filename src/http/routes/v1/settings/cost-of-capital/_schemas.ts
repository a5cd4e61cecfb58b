import { z } from 'zod';
import { costOfCapitalBody } from '../../../../../contract/lock-forms.js';

export const savedCostOfCapitalSchema = z
  .object({
    id: z.string(),
    name: z.string().describe("The build-up's name in the firm"),
    buildUp: costOfCapitalBody.describe('The figures, their source and the date they were read, as a lock takes them'),
    savedBy: z.object({ id: z.string(), name: z.string() }).describe('Who saved it last'),
    savedAt: z.string().describe('When it was saved last (ISO 8601)'),
  })
  .meta({ id: 'SavedCostOfCapital' });

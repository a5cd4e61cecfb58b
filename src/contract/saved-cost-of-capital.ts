// A firm's saved cost-of-capital build-ups (docs/decisions.md, Firm defaults): the body that saves one, shared by the
// API and the console's lock form, which offers them to start from.
import { z } from 'zod';
import { costOfCapitalBody } from './lock-forms.js';

export const saveCostOfCapitalBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(2, 'Name the build-up, e.g. "Listed auto-component peers, Oct 2026"')
      .max(100)
      .describe("The build-up's name in the firm; saving under a name the firm already uses replaces that build-up"),
    buildUp: costOfCapitalBody.describe('The figures, their source and the date they were read, as a lock takes them'),
  })
  .strict()
  .meta({ id: 'SaveCostOfCapital' });

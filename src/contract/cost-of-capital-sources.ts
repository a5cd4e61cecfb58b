// Each input of the cost-of-capital build-up may name its own source and date (docs/reports.md, Annexures). Kept
// apart from cost-of-capital.ts, which the console loads first and which needs no schema library.
import { z } from 'zod';

/** The inputs of the cost-of-capital build-up, each of which may name its own source. */
export const COST_OF_CAPITAL_INPUTS = [
  'riskFreeRate',
  'equityRiskPremium',
  'beta',
  'debtToEquity',
  'taxRate',
  'preTaxCostOfDebt',
  'sizePremium',
  'companySpecificPremium',
] as const;

/** One input's source: where the figure comes from, and the date it was read. */
export const inputSource = z
  .object({
    source: z.string().trim().min(3).max(300),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
      .optional(),
  })
  .strict();

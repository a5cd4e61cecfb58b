// The assumptions lock's body and the cost-of-capital build-up within it, shared by the API (request validation,
// OpenAPI) and the console's lock form, so a valuer sees the server's rule before locking. A module of its own, so
// that the console loads it with the engagement page only, not with its first page.
import { z } from 'zod';
import { METHOD_CODES } from './vocabulary.js';
import { COST_OF_CAPITAL_INPUTS, inputSource } from './cost-of-capital-sources.js';

/** The perpetuity (Gordon) formula needs g < WACC; said the same way by the API and the console. */
export const GROWTH_BELOW_WACC = 'must be below wacc (the perpetuity has no value otherwise)';

const decimalPlaces = (max: number) => (n: number) =>
  Number.isInteger(n * 10 ** max) || Math.abs(n * 10 ** max - Math.round(n * 10 ** max)) < 1e-9;

const rate = (what: string) =>
  z.number().min(0).max(100).refine(decimalPlaces(4), 'at most 4 decimal places').describe(`${what}, percent`);

/** The cost of capital built up (docs/valuation-method.md, Cost of capital). */
export const costOfCapitalBody = z
  .object({
    riskFreeRate: rate('Risk-free rate (e.g. the 10-year Government of India security yield at the valuation date)'),
    equityRiskPremium: rate('Equity risk premium'),
    beta: z
      .number()
      .min(0)
      .max(10)
      .refine(decimalPlaces(4), 'at most 4 decimal places')
      .describe('Beta, unlevered or levered as betaBasis says'),
    betaBasis: z
      .enum(['UNLEVERED', 'LEVERED'])
      .describe('UNLEVERED: relevered as βL = βU × (1 + (1 − t) × D/E); LEVERED: used as given'),
    debtToEquity: z
      .number()
      .min(0)
      .max(20)
      .refine(decimalPlaces(4), 'at most 4 decimal places')
      .describe('Target debt to equity, a ratio (0.25 = 25 %)'),
    taxRate: rate('Tax rate t'),
    preTaxCostOfDebt: rate('Pre-tax cost of debt'),
    sizePremium: rate('Size premium').optional(),
    companySpecificPremium: rate('Company-specific risk premium').optional(),
    source: z
      .string()
      .trim()
      .min(10)
      .max(2000)
      .describe(
        'Where the figures come from, e.g. "10-year G-Sec yield 6.52 % on 31-10-2026 (RBI); beta: ' +
          'median of four listed peers"',
      ),
    sourceDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD')
      .optional()
      .describe(
        "YYYY-MM-DD: the date the market figures were read (the G-Sec yield, the peers' betas). For FEMA a date " +
          'more than 30 days from the valuation date is warned of, and the warning is printed in the report',
      ),
    inputSources: z
      .object(
        Object.fromEntries(COST_OF_CAPITAL_INPUTS.map((k) => [k, inputSource])) as Record<
          (typeof COST_OF_CAPITAL_INPUTS)[number],
          typeof inputSource
        >,
      )
      .partial()
      .strict()
      .optional()
      .describe(
        "Each input's own source and date, e.g. beta: { source: 'Median of four listed peers, two years of weekly " +
          "returns (Capitaline)', date: '2026-03-31' }; printed in the report's cost-of-capital annexure. An input " +
          'without one is shown with the source and sourceDate of the build-up',
      ),
  })
  .strict()
  .meta({ id: 'CostOfCapital' });

/** A written reason: at least 20 characters, so "as discussed" does not pass for one. */
const rationaleText = () => z.string().trim().min(20).max(5000);

/** A discount, percent, 0–50 with at most 2 decimals. */
const discountPercent = () => z.number().min(0).max(50).refine(decimalPlaces(2), 'at most 2 decimal places');

export const lockAssumptionsBody = z
  .object({
    wacc: z
      .number()
      .min(0.01)
      .max(50)
      .refine(decimalPlaces(4), 'at most 4 decimal places')
      .optional()
      .describe(
        'Weighted average cost of capital, percent (12.5 = 12.5 %). Required (400 naming /wacc) unless the ' +
          'valuation has no DCF at all: the prescribed NAV of a Rule 11UA transfer or receipt, and any ' +
          'valuation under Rule 57 of the Income-tax Rules, 2026, take none and report none',
      ),
    terminalGrowthRate: z
      .number()
      .min(0)
      .max(15)
      .refine(decimalPlaces(4), 'at most 4 decimal places')
      .optional()
      .describe('Terminal growth, percent; must be below wacc; required and not needed exactly as wacc is'),
    rationale: rationaleText(),
    midYear: z.boolean().optional().describe('Mid-year discounting (default end-of-year)'),
    methodWeights: z
      .partialRecord(
        z.enum(METHOD_CODES),
        z.number().min(0).max(100).refine(decimalPlaces(2), 'at most 2 decimal places'),
      )
      .optional()
      .describe(
        "The valuer's weights: method code → percent (0–100, at most 2 decimals, adding up to 100), " +
          "only for methods the statute's valuation produces: COMPANIES_ACT_SEC_62 and FEMA_RBI DCF, " +
          'NAV (and COMPARABLES when peers are given; for FEMA any internationally accepted method ' +
          'under NDI Rule 21, DCF 100 when no weights are given); RULE_11UA ISSUE_OF_SHARES one of ' +
          "NAV_11UA_2A or DCF at 100 (the issuer's choice under Rule 11UA(2)), TRANSFER_OR_RECEIPT " +
          'NAV_11UA_1CB 100 (from 1 April 2026, Rule 57 of the Income-tax Rules, 2026: NAV_RULE_57 ' +
          '100); none for IBC. Concluded value = Σ weight × value / 100. Requires weightsRationale; ' +
          'refusals are 400 invalid_weights',
      ),
    weightsRationale: rationaleText().optional().describe('Why these weights (required with methodWeights)'),
    dlomPercent: discountPercent()
      .optional()
      .describe(
        'Discount for lack of marketability, percent (0–50): the concluded value × (1 − ' +
          'dlomPercent/100). Refused (400 discount_not_permitted, naming the rule) where the statute ' +
          'prescribes the formula (Rule 11UA NAV) and for IBC. Requires dlomRationale',
      ),
    dlomRationale: rationaleText().optional().describe('Why this discount (required with dlomPercent)'),
    dlocPercent: discountPercent()
      .optional()
      .describe(
        'Discount for lack of control, percent (0–50), applied before any discount for lack of ' +
          'marketability: concluded value × (1 − dlocPercent/100) × (1 − dlomPercent/100). Refused ' +
          'where a DLOM is refused. Requires dlocRationale',
      ),
    dlocRationale: rationaleText()
      .optional()
      .describe('Why this discount for lack of control (required with dlocPercent)'),
    marketApproach: z
      .object({
        multiples: z
          .array(z.enum(['evToEbitda', 'evToRevenue', 'peRatio', 'priceToBook']))
          .min(1)
          .optional()
          .describe('The multiples to apply (default: every one the peers report)'),
        statistic: z
          .enum(['MEDIAN', 'MEAN', 'PERCENTILE'])
          .optional()
          .describe(
            "Across the peers' positive multiples (default MEDIAN); PERCENTILE interpolates linearly " +
              "between ranks, as Excel's PERCENTILE.INC",
          ),
        percentile: z.number().min(25).max(75).optional().describe('With statistic PERCENTILE: 25–75'),
        discountPercent: discountPercent()
          .optional()
          .describe(
            "A discount to the peers' multiples, percent (size, liquidity, growth), applied to the " +
              'statistic; requires discountRationale',
          ),
        discountRationale: rationaleText().optional(),
        acceptBasisMismatch: z
          .boolean()
          .optional()
          .describe(
            "The valuer's explicit choice to apply peers' or deals' multiples of one basis (TRAILING or " +
              "FORWARD) to the company's metric of the other; without it such a mismatch is 409 " +
              'inputs_incomplete naming the field',
          ),
        transactionStatistic: z
          .enum(['MEDIAN', 'MEAN', 'PERCENTILE'])
          .optional()
          .describe("Across the comparable transactions' positive multiples (default MEDIAN), as for the peers"),
        transactionPercentile: z
          .number()
          .min(25)
          .max(75)
          .optional()
          .describe('With transactionStatistic PERCENTILE: 25–75'),
        transactionControlDiscountPercent: discountPercent()
          .optional()
          .describe(
            "The control premium, percent, embedded in the comparable transactions' multiples (what the acquirers " +
              'paid for control and synergies); the multiples are divided by (1 + premium), so 20 takes out a ' +
              '16.67 % discount, and the method is then on a minority basis. Requires ' +
              'transactionControlDiscountRationale',
          ),
        transactionControlDiscountRationale: rationaleText().optional(),
      })
      .strict()
      .optional()
      .describe(
        'The comparable-company method as the valuer applies it: which multiples, which statistic, ' +
          "and any discount to the peers. A peer's multiple that is missing, zero or negative is left " +
          'out of that multiple, and the valuation says so. Refusals are 400 invalid_market_approach',
      ),
    projectionsReasonableness: z
      .string()
      .trim()
      .min(50)
      .max(3000)
      .optional()
      .describe(
        "The valuer's note on the reasonableness of the projections a DCF rests on (revenue growth, " +
          'margins, capital expenditure, working capital against the history and the industry), 50–3000 ' +
          'characters, printed beside the projections annexure. Required where a DCF is adopted (s.62 and ' +
          'FEMA unless the weights give the DCF none; a Rule 11UA issue valued by the DCF): 400 ' +
          'missing_rationale naming /projectionsReasonableness otherwise. Where no DCF is adopted it is ' +
          'accepted and ignored (not stored, not printed)',
      ),
    costOfCapital: costOfCapitalBody
      .optional()
      .describe(
        'The WACC built up from its parts. When given, wacc must equal the built-up WACC rounded ' +
          'half-up to 4 decimals, or the lock is 400 wacc_mismatch giving the computed figure; the ' +
          'report prints the build-up with its source',
      ),
  })
  .strict()
  .refine(
    (body) => body.wacc === undefined || body.terminalGrowthRate === undefined || body.terminalGrowthRate < body.wacc,
    { path: ['terminalGrowthRate'], message: GROWTH_BELOW_WACC },
  )
  .meta({ id: 'LockAssumptions' });

// Engagement request bodies, shared by the API (request validation, OpenAPI) and the console's forms,
// so a person sees the server's rule before submitting.
import { z } from 'zod';
import { METHOD_CODES, PURPOSES, PURPOSES_BY_STATUTE, STATUTES } from './vocabulary.js';
import { isValidCin, normaliseCin } from './cin.js';
import { ibcAppointingAuthorityProblem } from './ibc-appointment.js';
import { COST_OF_CAPITAL_INPUTS, inputSource } from './cost-of-capital-sources.js';

const statuteSchema = z.enum(STATUTES);

const proposedPrice = z
  .union([
    z.string().regex(/^\d+(\.\d{1,2})?$/, 'must be decimal rupees with at most 2 decimals, e.g. "245.50"'),
    z.number().positive(),
  ])
  .describe(
    'The price per share the client proposes, in rupees (a decimal string such as "245.50", or ' +
      "a number); tested against the statute's rule in the valuation's `compliance`",
  );

/** FEMA, an issue of a convertible (CCPS, CCD): the conversion price per equity share fixed upfront. */
const conversionPrice = proposedPrice.describe(
  'FEMA_RBI ISSUE_TO_NON_RESIDENT of a convertible (CCPS or CCD): the conversion price per ' +
    'equity share fixed upfront, rupees, e.g. "250.00". The compliance then also tests it ' +
    'against the fair value at issue (NDI Rule 21: not below it)',
);

/** The report's facts (Rule 8 of the Companies (Registered Valuers and Valuation) Rules, 2017), editable until sign-off. */
const reportFacts = {
  appointingAuthority: z
    .string()
    .trim()
    .min(2, 'Name who appointed the valuer, e.g. "Board of Directors of Acme Industries Private Limited"')
    .max(300)
    .describe('Who appointed the valuer, e.g. "Board of Directors of Acme Industries Private Limited"'),
  appointmentDate: z.iso
    .date('Enter the date of appointment as YYYY-MM-DD')
    .describe('YYYY-MM-DD, the date of the appointment; not later than today in India'),
  addressee: z
    .string()
    .trim()
    .min(2, 'Name to whom the report is addressed')
    .max(300)
    .describe('To whom the report is addressed; the appointing authority when not given'),
  companyBackground: z
    .string()
    .trim()
    .min(50, 'Write at least 50 characters about the company: its business, history and industry')
    .max(10_000)
    .describe("The company's business, history and industry, printed in the report (50–10,000 characters)"),
  valuationDateReason: z
    .string()
    .trim()
    .min(20, 'Say why the valuation is as at this date, e.g. the date of the latest audited balance sheet')
    .max(2000)
    .describe(
      "Why the valuation is as at its date, printed in the report's scope (docs/reports.md, Dates); required at " +
        'sign-off (400 naming /valuationDateReason) when the report is dated more than 90 days after the valuation date',
    ),
};
/** A member of the firm, by id. */
const memberId = z.string().min(1).max(100);

const transactionDate = z.iso
  .date('Enter the transaction date as YYYY-MM-DD')
  .describe(
    'YYYY-MM-DD: the date of the receipt, transfer or issue. Decides the law in force for ' +
      'RULE_11UA; defaults to the valuation date',
  );

/**
 * The fields of a new engagement as the console's create form takes them. The API's body adds the transaction facts
 * (src/contract/engagement-bodies.ts), kept apart so the first page the console loads does not carry them.
 */
export const createEngagementFields = {
  targetEntity: z.string().trim().min(2).max(200),
  statute: statuteSchema,
  cin: z
    .string()
    .trim()
    .max(21, 'must be a 21-character CIN')
    .optional()
    .describe('Corporate Identity Number (21 characters), stored upper-case'),
  purpose: z
    .enum(PURPOSES)
    .optional()
    .describe(
      'Needed to conclude RULE_11UA and FEMA_RBI valuations; without it every variant is shown. ' +
        'IBC_LIQUIDATION: CIRP_FAIR_AND_LIQUIDATION_VALUE (CIRP Regulations, Reg 35; the default) ' +
        'or LIQUIDATION_REALISABLE_VALUE (Liquidation Process Regulations, Reg 35)',
    ),
  valuationDate: z.iso
    .date()
    .optional()
    .describe('YYYY-MM-DD. Defaults to today in India (IST); may not be later than today in India'),
  proposedPricePerShare: proposedPrice.optional(),
  conversionPricePerShare: conversionPrice.optional(),
  transactionDate: transactionDate.optional(),
  appointingAuthority: reportFacts.appointingAuthority.optional(),
  appointmentDate: reportFacts.appointmentDate.optional(),
  addressee: reportFacts.addressee.optional(),
  companyBackground: reportFacts.companyBackground.optional(),
  valuationDateReason: reportFacts.valuationDateReason.optional(),
  assignedValuerId: memberId
    .optional()
    .describe(
      'The member whose work the engagement is: an active VALUER or ADMIN of the firm. Defaults ' +
        "to the creator (a token's creator) when a VALUER or ADMIN",
    ),
};

type CreateFields = z.output<z.ZodObject<typeof createEngagementFields>>;

/** The rules across the create body's fields: the CIN, the IBC appointing authority, the purpose for the statute. */
export function refineCreateEngagement(body: CreateFields, ctx: z.RefinementCtx<CreateFields>) {
  if (body.cin !== undefined && !isValidCin(normaliseCin(body.cin), new Date().getUTCFullYear())) {
    ctx.addIssue({
      code: 'custom',
      path: ['cin'],
      message: 'must be a 21-character CIN such as U72200KA2015PTC081234',
    });
  }
  if (body.statute === 'IBC_LIQUIDATION' && body.appointingAuthority !== undefined) {
    const problem = ibcAppointingAuthorityProblem(body.purpose, body.appointingAuthority);
    if (problem) ctx.addIssue({ code: 'custom', path: ['appointingAuthority'], message: problem });
  }
  const allowed = PURPOSES_BY_STATUTE[body.statute] as readonly string[];
  if (body.purpose !== undefined && !allowed.includes(body.purpose)) {
    ctx.addIssue({
      code: 'custom',
      path: ['purpose'],
      message: allowed.length
        ? `must be one of ${allowed.join(', ')} for ${body.statute}`
        : `${body.statute} takes no purpose`,
    });
  }
}

/** The console's create form: the create body without the transaction facts, which are asked for on the engagement. */
export const createEngagementForm = z.object(createEngagementFields).strict().superRefine(refineCreateEngagement);

/** A report fact in a PATCH: null clears it, and it is editable until GATE_3 is approved. */
export const untilSignedOff = <T extends z.ZodType>(fact: T) =>
  fact.nullable().optional().describe('null clears it; editable until GATE_3 is approved');

/** The PATCH body's fields; the API's body adds the transaction facts (src/contract/engagement-bodies.ts). */
export const patchEngagementFields = {
  targetEntity: z.string().trim().min(2).max(200).optional(),
  cin: z.string().trim().max(21, 'must be a 21-character CIN').nullable().optional().describe('null clears it'),
  purpose: z.enum(PURPOSES).nullable().optional().describe('null clears it'),
  valuationDate: z.iso.date().optional().describe('YYYY-MM-DD, not later than today in India'),
  proposedPricePerShare: proposedPrice.nullable().optional().describe('null clears it'),
  conversionPricePerShare: conversionPrice.nullable().optional().describe('null clears it'),
  transactionDate: transactionDate.nullable().optional().describe('YYYY-MM-DD; null makes it the valuation date again'),
  appointingAuthority: untilSignedOff(reportFacts.appointingAuthority),
  appointmentDate: untilSignedOff(reportFacts.appointmentDate),
  addressee: untilSignedOff(reportFacts.addressee),
  companyBackground: untilSignedOff(reportFacts.companyBackground),
  valuationDateReason: untilSignedOff(reportFacts.valuationDateReason),
  issueAlreadyMade: untilSignedOff(
    z
      .object({
        reason: z
          .string()
          .trim()
          .min(20, 'Say why the certificate follows the issue, e.g. late reporting to the RBI or compounding')
          .max(2000),
      })
      .strict(),
  ).describe(
    'FEMA_RBI ISSUE_TO_NON_RESIDENT only: the issue has already been made, and why the certificate ' +
      'follows it (late reporting, compounding); printed in the report. Without it a sign-off after ' +
      'the proposed issue date (transactionDate) is 409 certificate_after_issue. null clears it; ' +
      'editable until GATE_3 is approved',
  ),
  assignedValuerId: memberId
    .optional()
    .describe(
      'Assign the engagement to another active VALUER or ADMIN of the firm, in any status; only ' +
        'an ADMIN or the current assignee may (403 otherwise)',
    ),
};

/** The report facts GATE_3 needs (the addressee defaults to the appointing authority). */
export const REQUIRED_REPORT_FACTS = ['appointingAuthority', 'appointmentDate', 'companyBackground'] as const;

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
      .describe('Weighted average cost of capital, percent (12.5 = 12.5 %)'),
    terminalGrowthRate: z
      .number()
      .min(0)
      .max(15)
      .refine(decimalPlaces(4), 'at most 4 decimal places')
      .describe('Terminal growth, percent; must be below wacc'),
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
  .refine((body) => body.terminalGrowthRate < body.wacc, { path: ['terminalGrowthRate'], message: GROWTH_BELOW_WACC })
  .meta({ id: 'LockAssumptions' });

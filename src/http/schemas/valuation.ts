import { z } from 'zod';
import { METHOD_CODES } from '../../contract/vocabulary.js';
import { ACTS } from '../../domain/valuation/law-in-force.js';
import { isoDateTime } from './common.js';
import { statuteSchema } from './vocabulary.js';

const money = z.string().describe('Decimal rupees, rounded half-up to 2 places, e.g. "245.37"');

/** A discount as applied to the value per share: the percent and why, the value before it, the discount and after. */
const appliedDiscount = z.object({
  percent: z.string(),
  rationale: z.string(),
  valueBeforeDiscount: money,
  discountPerShare: money,
  valueAfterDiscount: money,
});

const lineSchema = z.object({
  label: z.string(),
  value: z.string(),
  kind: z.enum(['AMOUNT', 'PER_SHARE', 'FACTOR', 'PERCENT', 'COUNT', 'MULTIPLE']),
  note: z.string().optional(),
});

const methodSchema = z.object({
  method: z
    .enum(METHOD_CODES)
    .describe(
      'NAV_11UA_2A and NAV_11UA_1CB: Rule 11UA(2)(a) and (1)(c)(b) of the Income-tax Rules, 1962 ' +
        '(transactions before 1 April 2026); NAV_RULE_57: Rule 57 (Table, Sl. No. 4) of the ' +
        'Income-tax Rules, 2026 (from 1 April 2026)',
    ),
  title: z.string(),
  lines: z.array(lineSchema).describe('Every intermediate figure, in order'),
  enterpriseValue: money.optional(),
  equityValue: money,
  valuePerShare: money.describe(
    'The value per equity share. FAIR_VALUE and LIQUIDATION_VALUE (IBC): kept for existing clients only; an IBC ' +
      'valuation gives no figure per share, and neither the report, the warnings, the workpapers nor the console ' +
      'show it (docs/statutes.md, IBC)',
  ),
  basicValuePerShare: z
    .string()
    .optional()
    .describe(
      'The value per share before dilution; present only where valuePerShare is fully diluted ' +
        '(CCPS and CCDs converted, in-the-money options and warrants exercised)',
    ),
  dilutedShares: z
    .object({
      shares: z.string().describe('The fully diluted count valuePerShare divides by'),
      basicShares: z.string(),
      conversionShares: z.string().describe('Equity shares on conversion of CCPS and CCDs'),
      exercisedOptionShares: z
        .string()
        .describe("Options and warrants counted as exercised: those in the money at this method's own value"),
      basis: z.string().describe('In words: the parts of the count, and why it differs from another method’s'),
    })
    .optional()
    .describe(
      'Present only where valuePerShare is fully diluted. Methods differ only by the options and ' +
        'warrants in the money at each one’s value (docs/valuation-method.md, Fully diluted shares)',
    ),
  servesPurpose: z.string().optional(),
  purposes: z.array(z.string()).optional(),
});

/** The IBC value's per-share figure and shortfall, alike for the fair and the liquidation value. */
const ibcPerShareAndShortfall = () => ({
  valuePerShare: money.describe(
    'Kept for clients; not a figure the regulations ask for, and not printed in the report',
  ),
  shortfall: money
    .optional()
    .describe("Creditors' claims the assets do not meet; equity is then 0.00, never negative (s.53 waterfall)"),
});

export const valuationObject = z.object({
  engagementId: z.string(),
  statute: statuteSchema,
  computedAt: isoDateTime,
  engineVersion: z.string(),
  purpose: z.string().nullable(),
  valuationDate: z.string(),
  transactionDate: z
    .string()
    .optional()
    .describe(
      'YYYY-MM-DD: the date of the receipt, transfer or issue the valuation serves (the valuation ' +
        'date unless the engagement gives one)',
    ),
  legalBasis: z
    .object({
      act: z
        .enum(ACTS)
        .describe(
          'INCOME_TAX_ACT_2025 for a Rule 11UA transaction in a tax year beginning on or after 1 ' +
            "April 2026, INCOME_TAX_ACT_1961 before it (s.536 of the 2025 Act); the other statutes' own " +
            'Acts',
        ),
      provisions: z
        .array(z.string())
        .describe(
          'Sections of the Act, e.g. "s.92(2)(m)(iii)", "s.79"; empty where the rules alone govern (FEMA, IBC)',
        ),
      rules: z
        .array(z.string())
        .describe(
          'Rules or regulations with their instrument, e.g. "Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4)"',
        ),
      note: z
        .string()
        .optional()
        .describe(
          'Where a provision does not reach the transaction, what applies instead: an issue of shares ' +
            'whose consideration is received on or after 1 April 2024 is outside s.56(2)(viib), so no ' +
            'income-tax floor or ceiling applies to its price (provisions and rules then cite none for the issue)',
        ),
    })
    .optional()
    .describe(
      'The Act, sections and rules the valuation is made under, as the report cites them (absent ' +
        'in results computed before it was recorded)',
    ),
  balanceSheetDate: z
    .string()
    .optional()
    .describe(
      'YYYY-MM-DD: the balance sheet the valuation uses; Rule 11U (Rule 56 from 1 April 2026) ' +
        'wants it drawn up on the valuation date',
    ),
  assumptions: z.object({
    wacc: z
      .string()
      .optional()
      .describe('Percent; absent where the valuation needs no rates and none were locked (a prescribed NAV)'),
    terminalGrowthRate: z.string().optional().describe('Percent; absent as wacc is'),
    rationale: z.string().optional(),
    costOfCapital: z
      .object({
        riskFreeRate: z.string(),
        equityRiskPremium: z.string(),
        beta: z.string(),
        betaBasis: z.enum(['UNLEVERED', 'LEVERED']),
        debtToEquity: z.string(),
        taxRate: z.string(),
        preTaxCostOfDebt: z.string(),
        sizePremium: z.string(),
        companySpecificPremium: z.string(),
        source: z.string(),
        sourceDate: z.string().optional().describe('YYYY-MM-DD: when the market figures were read'),
        leveredBeta: z.string(),
        costOfEquity: z.string(),
        costOfDebtAfterTax: z.string(),
        equityWeight: z.string(),
        debtWeight: z.string(),
        wacc: z.string(),
      })
      .optional()
      .describe(
        'The WACC built up (when the lock gave costOfCapital): the inputs as locked and the ' +
          'computed βL, Ke, Kd after tax, E/V, D/V and WACC to 6 places',
      ),
  }),
  conventions: z.object({
    discounting: z.enum(['END_OF_YEAR', 'MID_YEAR']),
    terminalValueDiscounting: z.string(),
    rounding: z.string(),
    statements: z.array(z.string()),
  }),
  methods: z.array(methodSchema),
  conclusion: z.object({
    valuePerShare: money
      .nullable()
      .describe(
        'null when no single value concludes (RULE_11UA without purpose: see byPurpose; IBC: fair ' +
          'and liquidation values)',
      ),
    basis: z.string(),
    weights: z
      .array(
        z.object({
          method: z.string(),
          weightPercent: z.string(),
          valuePerShare: money,
          weightedValuePerShare: money,
        }),
      )
      .optional(),
    weightsSetBy: z
      .enum(['VALUER', 'ENGINE_DEFAULT'])
      .optional()
      .describe('VALUER: locked methodWeights with weightsRationale; ENGINE_DEFAULT: the documented s.62 default'),
    weightsRationale: z.string().optional(),
    valueBeforeDiscount: money.optional().describe('The weighted value per share before any discount'),
    controlDiscount: appliedDiscount
      .optional()
      .describe(
        'Discount for lack of control, applied first: valueAfterDiscount = valueBeforeDiscount × (1 ' +
          '− percent/100); the discount for lack of marketability then applies to its ' +
          'valueAfterDiscount',
      ),
    discount: appliedDiscount
      .optional()
      .describe(
        'Discount for lack of marketability, applied after the discount for lack of control; both ' +
          'are applied method by method before weighting (discountsByMethod), so valueBeforeDiscount ' +
          'and valueAfterDiscount here are the weighted values before and after it',
      ),
    discountsByMethod: z
      .array(
        z.object({
          method: z.string(),
          weightPercent: z.string(),
          basis: z
            .enum(['CONTROL_MARKETABLE', 'MINORITY_MARKETABLE', 'MINORITY_NON_MARKETABLE'])
            .describe(
              "The basis of the method's value: DCF, NAV and comparable transactions are on a control, " +
                "marketable basis; listed peers' trading multiples minority, marketable; a recent round's " +
                'price of unlisted shares minority, non-marketable',
            ),
          controlDiscountApplies: z
            .boolean()
            .describe('The discount for lack of control applies only to a value on a control basis'),
          marketabilityDiscountApplies: z
            .boolean()
            .describe('The discount for lack of marketability applies only to a value on a marketable basis'),
          valueBeforeDiscounts: money,
          valueAfterDiscounts: money,
          weightedValueAfterDiscounts: money.describe(
            'The exact value after discounts × weight / 100, rounded once to the paisa; the printed weighted values add up to the conclusion or a rounding difference says by how much',
          ),
        }),
      )
      .optional()
      .describe(
        'With a discount: for each weighed method, whether each discount applies to it and its ' +
          'value after them; the concluded value is Σ weight × valueAfterDiscounts / 100 (exact)',
      ),
    floorOrCeiling: z.enum(['FLOOR', 'CEILING']).optional(),
    byPurpose: z
      .array(
        z.object({
          purpose: z.string(),
          method: z.string(),
          valuePerShare: money,
          floorOrCeiling: z.enum(['FLOOR', 'CEILING']).optional(),
          basis: z.string(),
        }),
      )
      .optional(),
    fairValue: z
      .object({
        totalValue: money.optional().describe("The assets' total fair value: the headline of an IBC valuation"),
        equityValue: money.describe(
          'What is left for equity after all creditors and then preference capital (s.53), never negative',
        ),
        ...ibcPerShareAndShortfall(),
      })
      .optional(),
    liquidationValue: z
      .object({
        totalValue: money
          .optional()
          .describe(
            "The assets' total liquidation value (CIRP), or realisable value " +
              '(LIQUIDATION_REALISABLE_VALUE): the headline',
          ),
        equityValue: money.describe(
          'What is left for equity after liquidation costs, all creditors and then preference capital ' +
            '(s.53), never negative',
        ),
        ...ibcPerShareAndShortfall(),
      })
      .optional(),
    corporateDebtor: z
      .object({
        method: z
          .enum(['GOING_CONCERN_DCF', 'SUM_OF_CLASSES'])
          .describe(
            'GOING_CONCERN_DCF: the business as a going concern is worth more than its assets separately, and the ' +
              'excess (intangibles and synergies) is added; SUM_OF_CLASSES: the classes consolidated, nothing added',
          ),
        noAdditionReason: z
          .enum(['NO_PROJECTIONS', 'GOING_CONCERN_NOT_HIGHER'])
          .nullable()
          .describe(
            'Why nothing is added to the classes: no projections given, or the going-concern value is not higher',
          ),
        sumOfClasses: money.describe("The classes' fair values consolidated"),
        enterpriseValue: money
          .nullable()
          .describe('The DCF enterprise value of the business, where projections are given'),
        tradePayables: money
          .nullable()
          .describe(
            "Trade payables added back: claims the resolution plan settles, netted in the projections' working capital",
          ),
        nonOperatingAssets: money
          .nullable()
          .describe('Cash and bank and securities or financial assets, at fair value'),
        goingConcernValue: money.nullable().describe('enterpriseValue + tradePayables + nonOperatingAssets'),
        intangiblesAndSynergies: money.describe('max(0, goingConcernValue − sumOfClasses)'),
        fairValue: money.describe(
          'The fair value of the corporate debtor as a whole: sumOfClasses + intangiblesAndSynergies',
        ),
        wacc: z.string().nullable().describe('The DCF’s WACC, percent'),
        terminalGrowthRate: z.string().nullable().describe('The DCF’s terminal growth rate, percent'),
        goingConcernLines: z
          .array(lineSchema)
          .nullable()
          .optional()
          .describe(
            "The going-concern DCF's workings, where one was computed: each projection year's revenue, EBITDA to " +
              'FCFF, discount factor and present value, then the terminal value and the enterprise value',
          ),
      })
      .optional()
      .describe(
        "IBC CIRP: the coordinating valuer's fair value of the corporate debtor as a whole (CIRP Reg 2(1)(hb) as " +
          'amended from 25 February 2026), computed exactly and rounded once to the paisa',
      ),
  }),
  compliance: z
    .object({
      proposedPricePerShare: money,
      tests: z.array(
        z.object({
          purpose: z.string().nullable(),
          rule: z.string().describe('The provision the price must meet'),
          test: z.string().describe('The test in words, e.g. "price ≥ fair value"'),
          relation: z.enum(['AT_LEAST', 'AT_MOST']).describe('AT_LEAST: price ≥ line; AT_MOST: price ≤ line'),
          valuePerShare: money,
          linePerShare: money.describe(
            'The line the price is tested against: the value, or FMV × 1.10 for a Rule 11UA issue (safe harbour)',
          ),
          proposedPricePerShare: money,
          passes: z.boolean(),
          margin: money.describe('price − line'),
          marginPercent: z.string().describe('margin / line × 100, 2 decimals'),
          applies: z
            .boolean()
            .describe(
              'false where the provision does not reach the transaction: s.56(2)(viib) reaches only an ' +
                'issue (consideration received) before 1 April 2024, tested on the transaction date, never ' +
                'the valuation date',
            ),
          note: z.string(),
        }),
      ),
    })
    .optional()
    .describe(
      'Present when the engagement has a proposedPricePerShare (or, for a FEMA issue of a ' +
        'convertible, a conversionPricePerShare): the test that applies for each statute and ' +
        'purpose (none for IBC). proposedPricePerShare here is the proposed price, or the ' +
        'conversion price where only that is given',
    ),
  sensitivity: z
    .object({
      waccValues: z.array(z.string()),
      growthValues: z.array(z.string()),
      grid: z
        .array(z.array(money.nullable()))
        .describe('grid[i][j] at waccValues[i], growthValues[j]; null where g ≥ WACC'),
    })
    .optional(),
  warnings: z
    .array(z.object({ code: z.string(), message: z.string() }))
    .describe(
      'Among them VALUATION_DATE_NOT_TRANSACTION_DATE (a Rule 11UA receipt or transfer valued as ' +
        "at a date other than the transaction's, naming the rule) and VALUATION_DATE_STALE (FEMA " +
        'and s.62: the valuation date more than 90 days before the transaction, a practice)',
    ),
});

/** Shared vocabulary of the valuation engine and its JSON-serialisable result. */

// The statutes and purposes are part of the published contract, shared with the console's forms.
import { PURPOSES, PURPOSES_BY_STATUTE, STATUTES, type Purpose, type Statute } from '../../contract/vocabulary.js';
import type { LegalBasis } from './law-in-force.js';
import type { DISCOUNTING_CONVENTIONS, ROUNDING_RULE, TERMINAL_DISCOUNTING } from '../../contract/vocabulary.js';
export { PURPOSES, PURPOSES_BY_STATUTE, STATUTES, type Purpose, type Statute };

export type MethodCode =
  | 'DCF'
  | 'NAV_11UA_2A'
  | 'NAV_11UA_1CB'
  /** Income-tax Rules, 2026, Rule 57 (Table, Sl. No. 4): the (A + B + C + D − L) × PV / PE formula for a receipt or transfer from 1 April 2026. */
  | 'NAV_RULE_57'
  | 'NAV'
  | 'COMPARABLES'
  /** Comparable transactions: deals' EV/EBITDA and EV/Revenue applied to the target. */
  | 'TRANSACTIONS'
  /** The price of a recent investment in the company, adjusted for time and the instrument's rights. */
  | 'RECENT_ROUND'
  | 'FAIR_VALUE'
  | 'LIQUIDATION_VALUE';

/** How a line's value is to be read: rupees (2 dp), a factor, a percent, a count or a multiple. */
export type LineKind = 'AMOUNT' | 'PER_SHARE' | 'FACTOR' | 'PERCENT' | 'COUNT' | 'MULTIPLE';

export interface ValuationLine {
  label: string;
  value: string;
  kind: LineKind;
  note?: string;
}

export interface MethodResult {
  method: MethodCode;
  title: string;
  lines: ValuationLine[];
  enterpriseValue?: string;
  equityValue: string;
  /** Fully diluted where the capital table holds dilutive instruments (docs/valuation-method.md); else basic. */
  valuePerShare: string;
  /** Before dilution; present only where the value per share is fully diluted. */
  basicValuePerShare?: string;
  /** The diluted share count the value per share divides by, and why; present only where it is fully diluted. */
  dilutedShares?: DilutedShareCount;
  /** The purposes this method's value serves, and in what capacity. */
  servesPurpose?: string;
  /**
   * The level of the method's value where it differs from its method's usual one (discounts.ts): comparable
   * transactions after the control premium is taken out of the deals' multiples are on a minority basis.
   */
  valueBasis?: ValueBasis;
  purposes?: Purpose[];
}

/**
 * The count a method's fully diluted value divides by: basic + conversion shares + the options and warrants
 * in the money at that method's value (docs/valuation-method.md, Fully diluted shares).
 */
export interface DilutedShareCount {
  shares: string;
  basicShares: string;
  conversionShares: string;
  exercisedOptionShares: string;
  /** In words: the parts, and why the count differs from another method's. */
  basis: string;
}

export type FloorOrCeiling = 'FLOOR' | 'CEILING';

export interface PurposeConclusion {
  purpose: Purpose;
  /** The method concluding the value, or WEIGHTED where the valuer weighs several (FEMA). */
  method: MethodCode | 'WEIGHTED';
  valuePerShare: string;
  floorOrCeiling?: FloorOrCeiling;
  basis: string;
}

export interface WeightedComponent {
  method: MethodCode;
  weightPercent: string;
  valuePerShare: string;
  weightedValuePerShare: string;
}

export interface DiscountForLackOfMarketability {
  percent: string;
  rationale: string;
  valueBeforeDiscount: string;
  discountPerShare: string;
  valueAfterDiscount: string;
}

/** The basis a method's value is on, which decides the discounts it takes (docs/valuation-method.md, Discounts). */
export type ValueBasis = 'CONTROL_MARKETABLE' | 'MINORITY_MARKETABLE' | 'MINORITY_NON_MARKETABLE';

/** A weighed method's discounts: which apply to its value, and its value after them (before weighting). */
export interface MethodDiscounts {
  method: MethodCode;
  weightPercent: string;
  basis: ValueBasis;
  controlDiscountApplies: boolean;
  marketabilityDiscountApplies: boolean;
  valueBeforeDiscounts: string;
  valueAfterDiscounts: string;
  /** The exact value after discounts × the weight / 100, rounded once to the paisa (docs/reports.md, Figures and rounding). */
  weightedValueAfterDiscounts: string;
}

export interface Conclusion {
  /** null when no single value concludes (RULE_11UA without a purpose; IBC's two values). After any discount. */
  valuePerShare: string | null;
  basis: string;
  weights?: WeightedComponent[];
  /** Who set the weights: the valuer (with `weightsRationale`) or the engine's documented default. */
  weightsSetBy?: 'VALUER' | 'ENGINE_DEFAULT';
  weightsRationale?: string;
  /** The weighted value before any discount (when one is applied). */
  valueBeforeDiscount?: string;
  /** A discount for lack of control, applied before the discount for lack of marketability. */
  controlDiscount?: DiscountForLackOfMarketability;
  discount?: DiscountForLackOfMarketability;
  /** With a discount: per weighed method, which discount applies to it; the conclusion weighs the values after them. */
  discountsByMethod?: MethodDiscounts[];
  floorOrCeiling?: FloorOrCeiling;
  byPurpose?: PurposeConclusion[];
  /**
   * IBC: `totalValue` is the assets' value in total, the headline; equity (after creditors and then
   * preference capital, s.53) is never below nil; `shortfall` is the creditors' claims the assets do
   * not meet. `liquidationValue` is the realisable value in liquidation (LIQUIDATION_REALISABLE_VALUE).
   */
  fairValue?: { totalValue?: string; equityValue: string; valuePerShare: string; shortfall?: string };
  liquidationValue?: { totalValue?: string; equityValue: string; valuePerShare: string; shortfall?: string };
  /** IBC CIRP: the coordinating valuer's fair value of the corporate debtor as a whole (docs/ibc-valuation.md). */
  corporateDebtor?: CorporateDebtorValue;
}

/** The WACC's build-up as locked (percent and ratios as given) and as computed (to 6 places). */
export interface CostOfCapitalDisclosure {
  riskFreeRate: string;
  equityRiskPremium: string;
  beta: string;
  betaBasis: 'UNLEVERED' | 'LEVERED';
  debtToEquity: string;
  taxRate: string;
  preTaxCostOfDebt: string;
  sizePremium: string;
  companySpecificPremium: string;
  source: string;
  /** YYYY-MM-DD: when the market figures were read, where the valuer gave it. */
  sourceDate?: string;
  /** Each input's own source and date, where the valuer gave one. */
  inputSources?: Partial<Record<string, { source: string; date?: string }>>;
  leveredBeta: string;
  costOfEquity: string;
  costOfDebtAfterTax: string;
  equityWeight: string;
  debtWeight: string;
  /** Exact to 6 places; the locked WACC is this rounded half-up to 4. */
  wacc: string;
}

export interface Sensitivity {
  waccValues: string[];
  growthValues: string[];
  /** grid[i][j]: value per share at waccValues[i] and growthValues[j]; null where g ≥ WACC. */
  grid: (string | null)[][];
}

export interface ValuationWarning {
  code: string;
  message: string;
}

export interface Conventions {
  discounting: (typeof DISCOUNTING_CONVENTIONS)[number];
  terminalValueDiscounting: typeof TERMINAL_DISCOUNTING;
  rounding: typeof ROUNDING_RULE;
  statements: string[];
}

export interface ValuationResult {
  engineVersion: string;
  statute: Statute;
  purpose: Purpose | null;
  valuationDate: string;
  /** The date of the receipt, transfer or issue (the valuation date unless given); decides the law for Rule 11UA. */
  transactionDate?: string;
  /** The Act, sections and rules the valuation is made under (absent in results stored before it was recorded). */
  legalBasis?: LegalBasis;
  /** The date of the balance sheet the valuation uses (absent in results stored before it was recorded). */
  balanceSheetDate?: string;
  assumptions: {
    /** Absent where the valuation needs no rates and none were locked (the prescribed NAV of a transfer). */
    wacc?: string;
    terminalGrowthRate?: string;
    rationale?: string;
    costOfCapital?: CostOfCapitalDisclosure;
  };
  conventions: Conventions;
  methods: MethodResult[];
  conclusion: Conclusion;
  sensitivity?: Sensitivity;
  /** The proposed price tested against the statute's rule, when the engagement carries one. */
  compliance?: Compliance;
  warnings: ValuationWarning[];
}

/** A proposed issue or transfer price tested against the value under the statute's pricing rule(s). */
export type ComplianceRelation = 'AT_LEAST' | 'AT_MOST';

export interface ComplianceTest {
  purpose: Purpose | null;
  rule: string;
  /** The test, in words: "price ≥ value". */
  test: string;
  relation: ComplianceRelation;
  valuePerShare: string;
  /** The line the price is tested against (the value, or FMV × 1.10). */
  linePerShare: string;
  proposedPricePerShare: string;
  passes: boolean;
  /** price − line: ≥ 0 passes an AT_LEAST test, ≤ 0 an AT_MOST test. */
  margin: string;
  /** margin / line × 100, to 2 places. */
  marginPercent: string;
  /** False where the provision does not reach the transaction (s.56(2)(viib): an issue on or after 1-4-2024, by the transaction date). */
  applies: boolean;
  note: string;
}

export interface Compliance {
  proposedPricePerShare: string;
  tests: ComplianceTest[];
}

/** The fair value of the corporate debtor as a whole (docs/ibc-valuation.md), as ibc-whole.ts computes it. */
export type WholeValueMethod = 'GOING_CONCERN_DCF' | 'SUM_OF_CLASSES';
/** Why nothing is added to the classes: no projections to value the business by, or a business worth no more. */
export type NoAdditionReason = 'NO_PROJECTIONS' | 'GOING_CONCERN_NOT_HIGHER';

export interface CorporateDebtorValue {
  method: WholeValueMethod;
  noAdditionReason: NoAdditionReason | null;
  sumOfClasses: string;
  enterpriseValue: string | null;
  tradePayables: string | null;
  nonOperatingAssets: string | null;
  goingConcernValue: string | null;
  intangiblesAndSynergies: string;
  fairValue: string;
  /** The DCF's rates, percent, where a going-concern value was computed. */
  wacc: string | null;
  terminalGrowthRate: string | null;
  /**
   * The going-concern DCF's workings, where one was computed: each projection year's revenue, EBITDA to FCFF, discount
   * factor and present value ("FY2027 FCFF"), then the sum of the present values, the terminal value, its discount
   * factor and present value, and the enterprise value; the report tables them and the workpapers rebuild them.
   */
  goingConcernLines: ValuationLine[] | null;
}

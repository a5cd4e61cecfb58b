/** Shared vocabulary of the valuation engine and its JSON-serialisable result. */

export const STATUTES = ['RULE_11UA', 'COMPANIES_ACT_SEC_62', 'FEMA_RBI', 'IBC_LIQUIDATION'] as const;
export type Statute = (typeof STATUTES)[number];

/**
 * Purposes per statute (domain.md §1.1, §1.3).
 * RULE_11UA: an issue of shares (s.56(2)(viib), NAV per Rule 11UA(2)(a), DCF per 11UA(2)(b))
 *   or a transfer/receipt (s.56(2)(x), s.50CA, NAV per Rule 11UA(1)(c)(b)).
 * FEMA_RBI: NDI Rule 21(2)(a) issue to a non-resident and 21(2)(b) transfer resident → non-resident
 *   (fair value is a floor); 21(2)(c) transfer non-resident → resident (fair value is a ceiling).
 * The Companies Act and IBC take no purpose: their methods do not depend on one.
 */
export const PURPOSES_BY_STATUTE = {
  RULE_11UA: ['ISSUE_OF_SHARES', 'TRANSFER_OR_RECEIPT'],
  FEMA_RBI: ['ISSUE_TO_NON_RESIDENT', 'TRANSFER_RESIDENT_TO_NON_RESIDENT', 'TRANSFER_NON_RESIDENT_TO_RESIDENT'],
  COMPANIES_ACT_SEC_62: [],
  IBC_LIQUIDATION: [],
} as const satisfies Record<Statute, readonly string[]>;

export const PURPOSES = [...PURPOSES_BY_STATUTE.RULE_11UA, ...PURPOSES_BY_STATUTE.FEMA_RBI] as const;
export type Purpose = (typeof PURPOSES)[number];

export type MethodCode =
  | 'DCF'
  | 'NAV_11UA_2A'
  | 'NAV_11UA_1CB'
  | 'NAV'
  | 'COMPARABLES'
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
  valuePerShare: string;
  /** The purposes this method's value serves, and in what capacity. */
  servesPurpose?: string;
  purposes?: Purpose[];
}

export type FloorOrCeiling = 'FLOOR' | 'CEILING';

export interface PurposeConclusion {
  purpose: Purpose;
  method: MethodCode;
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

export interface Conclusion {
  /** null when no single value concludes (RULE_11UA without a purpose; IBC's two values). */
  valuePerShare: string | null;
  basis: string;
  weights?: WeightedComponent[];
  floorOrCeiling?: FloorOrCeiling;
  byPurpose?: PurposeConclusion[];
  fairValue?: { equityValue: string; valuePerShare: string };
  liquidationValue?: { equityValue: string; valuePerShare: string };
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
  discounting: 'END_OF_YEAR' | 'MID_YEAR';
  terminalValueDiscounting: 'END_OF_FINAL_YEAR';
  rounding: 'HALF_UP_TO_PAISA_FOR_PRESENTATION_ONLY';
  statements: string[];
}

export interface ValuationResult {
  engineVersion: string;
  statute: Statute;
  purpose: Purpose | null;
  valuationDate: string;
  assumptions: { wacc: string; terminalGrowthRate: string; rationale?: string };
  conventions: Conventions;
  methods: MethodResult[];
  conclusion: Conclusion;
  sensitivity?: Sensitivity;
  warnings: ValuationWarning[];
}

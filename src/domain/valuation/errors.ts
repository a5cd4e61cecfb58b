export type ValuationInputErrorCode =
  | 'INVALID_FINANCIALS'
  | 'INVALID_RATE'
  | 'WACC_MISMATCH'
  | 'WACC_NOT_POSITIVE'
  | 'MISSING_RATES'
  | 'GROWTH_NOT_BELOW_WACC'
  | 'SHARES_NOT_POSITIVE'
  | 'EQUITY_CAPITAL_NOT_POSITIVE'
  | 'INVALID_STATUTE'
  | 'INVALID_PURPOSE'
  | 'INVALID_VALUATION_DATE'
  | 'MISSING_PROJECTIONS'
  | 'PROJECTIONS_OUT_OF_RANGE'
  | 'MISSING_LIQUIDATION_INPUTS'
  | 'MISSING_MARKET_VALUES'
  | 'CAPITAL_TABLE_MISMATCH'
  | 'METRIC_BASIS_MISMATCH'
  | 'INVALID_WEIGHTS'
  | 'INVALID_MARKET_APPROACH'
  | 'MISSING_RATIONALE'
  | 'DISCOUNT_NOT_PERMITTED'
  | 'INVALID_DISCOUNT'
  | 'INVALID_OPTIONS'
  | 'NO_PROVISION_IN_FORCE';

/**
 * The engine's refusal: inputs a valuer must correct. `message` is written for the valuer. `path`, where the
 * engine knows it, is the JSON Pointer of the field at fault: into the lock body (`/methodWeights/RECENT_ROUND`,
 * `/terminalGrowthRate`) for the valuer's judgement and rates, into the financials for their figures.
 */
export class ValuationInputError extends Error {
  readonly code: ValuationInputErrorCode;
  readonly path: string | undefined;

  constructor(code: ValuationInputErrorCode, message: string, path?: string) {
    super(message);
    this.name = 'ValuationInputError';
    this.code = code;
    this.path = path;
  }
}

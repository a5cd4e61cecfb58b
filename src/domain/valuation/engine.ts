import type { NormalisedFinancials } from '../financials/normalise.js';
import { normalisedFinancialsSchema } from '../financials/normalised-schema.js';
import { isCalendarDate } from '../financials/schema.js';
import type { DcfAssumptions } from './dcf.js';
import { ValuationInputError } from './errors.js';
import { dec, isDecimalString, plain, type Dec } from './money.js';
import { computeSensitivity } from './sensitivity.js';
import { valueUnderStatute, type MethodWeights, type Rule11uaIssueMethod } from './statutes.js';
import {
  PURPOSES_BY_STATUTE,
  STATUTES,
  type Conventions,
  type Purpose,
  type Statute,
  type ValuationResult,
} from './types.js';
import { ENGINE_VERSION } from './version.js';
import {
  balanceSheetDateWarnings,
  growthWarnings,
  negativeEquityWarnings,
  shareCapitalWarnings,
  terminalValueWarnings,
} from './warnings.js';

export { ValuationInputError } from './errors.js';
export { ENGINE_VERSION } from './version.js';
export { PURPOSES, PURPOSES_BY_STATUTE, STATUTES } from './types.js';
export type * from './types.js';

/** Long-run nominal GDP growth for India used to flag terminal growth, in percent. */
export const DEFAULT_LONG_RUN_GDP_GROWTH = '10';

export interface ValuationInput {
  financials: NormalisedFinancials;
  /** Percent: 12.5 means 12.5 %. */
  assumptions: { wacc: string | number; terminalGrowthRate: string | number; rationale?: string };
  engagement: { statute: Statute; purpose?: Purpose | null; valuationDate: string };
  options?: {
    midYear?: boolean;
    longRunGdpGrowth?: string | number;
    /** Companies Act s.62 method weights in percent, adding up to 100. */
    weights?: MethodWeights;
    /** Rule 11UA(2): the issuer's choice of NAV (clause (a), default) or DCF (clause (b)). */
    rule11uaIssueMethod?: Rule11uaIssueMethod;
  };
}

export function computeValuation(input: ValuationInput): ValuationResult {
  const checked = checkInput(input);
  const outcome = valueUnderStatute({
    financials: checked.financials,
    statute: checked.statute,
    purpose: checked.purpose,
    dcf: checked.dcf,
    weights: input.options?.weights,
    rule11uaIssueMethod: input.options?.rule11uaIssueMethod,
  });
  const warnings = [
    ...(outcome.dcf ? terminalValueWarnings(outcome.dcf) : []),
    ...(outcome.dcf ? growthWarnings(checked.dcf.growth, checked.longRunGdpGrowth) : []),
    ...negativeEquityWarnings(outcome.methods),
    ...balanceSheetDateWarnings(checked.financials, checked.valuationDate, checked.statute),
    ...shareCapitalWarnings(checked.financials),
    ...outcome.warnings,
  ];
  return {
    engineVersion: ENGINE_VERSION,
    statute: checked.statute,
    purpose: checked.purpose,
    valuationDate: checked.valuationDate,
    assumptions: {
      wacc: plain(checked.dcf.wacc),
      terminalGrowthRate: plain(checked.dcf.growth),
      ...(input.assumptions.rationale !== undefined && { rationale: input.assumptions.rationale }),
    },
    conventions: conventions(checked.dcf.midYear, outcome.dcf !== null),
    methods: outcome.methods,
    conclusion: outcome.conclusion,
    ...(outcome.dcf && { sensitivity: computeSensitivity(checked.financials, checked.dcf) }),
    warnings,
  };
}

function conventions(midYear: boolean, usesDcf: boolean): Conventions {
  const statements = [
    'All arithmetic is decimal with 40 significant digits; figures are rounded half-up to the paisa only for presentation.',
    'Amounts are in rupees.',
  ];
  if (usesDcf) {
    statements.push(
      'EBIT = EBITDA − depreciation and amortisation; FCFF = EBIT × (1 − tax rate) + depreciation and amortisation − capital expenditure − change in net working capital. A negative EBIT earns a tax credit at the same rate.',
      midYear
        ? 'Mid-year discounting: each year\'s FCFF is discounted by 1/(1 + WACC)^(t − 0.5), as cash is taken to arrive evenly through the year.'
        : 'End-of-year discounting: each year\'s FCFF is discounted by 1/(1 + WACC)^t.',
      'Terminal value = FCFF of the final year × (1 + g) / (WACC − g), discounted with the end-of-year factor of the final year, 1/(1 + WACC)^n, under either convention.',
      'No stub period: year 1 is the fiscal year after the balance sheet date and is discounted a full period from the valuation date.',
      'Equity value = enterprise value − long-term and short-term borrowings − preference share capital + cash and cash equivalents + current investments + non-operating assets; value per share = equity value / equity shares outstanding.',
      'Sensitivity: WACC and terminal growth each moved by −1 to +1 percentage point in 0.5 point steps; cells where growth is not below WACC are left empty.',
    );
  }
  return {
    discounting: midYear ? 'MID_YEAR' : 'END_OF_YEAR',
    terminalValueDiscounting: 'END_OF_FINAL_YEAR',
    rounding: 'HALF_UP_TO_PAISA_FOR_PRESENTATION_ONLY',
    statements,
  };
}

// ---------------------------------------------------------------------------------------------
// Refusals: every input the arithmetic relies on is checked here, so nothing later can throw a
// TypeError or divide by zero.

interface CheckedInput {
  financials: NormalisedFinancials;
  statute: Statute;
  purpose: Purpose | null;
  valuationDate: string;
  dcf: DcfAssumptions;
  longRunGdpGrowth: Dec;
}

function checkInput(input: ValuationInput): CheckedInput {
  if (typeof input !== 'object' || input === null) {
    throw new ValuationInputError('INVALID_FINANCIALS', 'The valuation input is missing.');
  }
  const statute = checkStatute(input.engagement?.statute);
  const purpose = checkPurpose(statute, input.engagement?.purpose);
  const valuationDate = checkValuationDate(input.engagement?.valuationDate);
  const financials = checkFinancials(input.financials, statute);
  const wacc = readRate(input.assumptions?.wacc, 'WACC');
  const growth = readRate(input.assumptions?.terminalGrowthRate, 'Terminal growth rate');
  if (!wacc.isPositive() || wacc.isZero()) {
    throw new ValuationInputError('WACC_NOT_POSITIVE', `WACC must be greater than 0%; it is ${plain(wacc)}%.`);
  }
  if (growth.gte(wacc)) {
    throw new ValuationInputError(
      'GROWTH_NOT_BELOW_WACC',
      `Terminal growth (${plain(growth)}%) must be below WACC (${plain(wacc)}%); otherwise the perpetuity has no finite value.`,
    );
  }
  checkOptions(input.options);
  const longRunGdpGrowth = readRate(input.options?.longRunGdpGrowth ?? DEFAULT_LONG_RUN_GDP_GROWTH, 'Long-run GDP growth');
  return {
    financials,
    statute,
    purpose,
    valuationDate,
    dcf: { wacc, growth, midYear: input.options?.midYear === true },
    longRunGdpGrowth,
  };
}

function checkOptions(options: ValuationInput['options']): void {
  const method = options?.rule11uaIssueMethod;
  if (method !== undefined && method !== 'NAV' && method !== 'DCF') {
    throw new ValuationInputError('INVALID_OPTIONS', 'The Rule 11UA(2) issue method must be NAV or DCF.');
  }
  const weights = options?.weights;
  if (weights !== undefined && (typeof weights !== 'object' || weights === null || Array.isArray(weights))) {
    throw new ValuationInputError('INVALID_WEIGHTS', 'Weights must be given as { dcf, nav, comparables } in percent.');
  }
}

function checkStatute(statute: unknown): Statute {
  if (!STATUTES.includes(statute as Statute)) {
    throw new ValuationInputError('INVALID_STATUTE', `Statute must be one of ${STATUTES.join(', ')}.`);
  }
  return statute as Statute;
}

function checkPurpose(statute: Statute, purpose: unknown): Purpose | null {
  if (purpose === undefined || purpose === null) return null;
  const allowed: readonly string[] = PURPOSES_BY_STATUTE[statute];
  if (!allowed.includes(purpose as string)) {
    throw new ValuationInputError(
      'INVALID_PURPOSE',
      allowed.length === 0
        ? `${statute} takes no purpose.`
        : `Purpose for ${statute} must be one of ${allowed.join(', ')}.`,
    );
  }
  return purpose as Purpose;
}

function checkValuationDate(date: unknown): string {
  if (typeof date !== 'string' || !isCalendarDate(date)) {
    throw new ValuationInputError('INVALID_VALUATION_DATE', 'Valuation date must be a date in the form YYYY-MM-DD.');
  }
  return date;
}

function readRate(value: unknown, name: string): Dec {
  const ok =
    (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && isDecimalString(value));
  if (!ok) throw new ValuationInputError('INVALID_RATE', `${name} must be a number in percent (e.g. 12.5).`);
  return dec(value as string | number);
}

function checkFinancials(financials: unknown, statute: Statute): NormalisedFinancials {
  const parsed = normalisedFinancialsSchema.safeParse(financials);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? ` at /${issue.path.join('/')}` : '';
    throw new ValuationInputError('INVALID_FINANCIALS', `The financials are not in normalised form${where}: ${issue.message}.`);
  }
  const f = financials as NormalisedFinancials;
  if (!dec(f.shares.equitySharesOutstanding).isPositive() || dec(f.shares.equitySharesOutstanding).isZero()) {
    throw new ValuationInputError('SHARES_NOT_POSITIVE', 'Equity shares outstanding must be greater than 0.');
  }
  if (statute !== 'IBC_LIQUIDATION' && f.projections.length === 0) {
    throw new ValuationInputError('MISSING_PROJECTIONS', 'DCF needs at least one projection year.');
  }
  if (statute === 'RULE_11UA' && !dec(f.balanceSheet.equityShareCapital).gt(0)) {
    throw new ValuationInputError(
      'EQUITY_CAPITAL_NOT_POSITIVE',
      'Rule 11UA NAV divides by PE, the paid-up equity share capital, which must be greater than 0.',
    );
  }
  if (statute === 'RULE_11UA' && !dec(f.shares.faceValuePerShare).gt(0)) {
    throw new ValuationInputError('EQUITY_CAPITAL_NOT_POSITIVE', 'PV, the paid-up value per share, must be greater than 0.');
  }
  if (statute === 'IBC_LIQUIDATION' && (!f.liquidation || f.liquidation.assets.length === 0)) {
    throw new ValuationInputError(
      'MISSING_LIQUIDATION_INPUTS',
      'IBC valuation needs the registered valuers\' fair value and liquidation value for each asset class (financials "liquidation.assets").',
    );
  }
  return f;
}

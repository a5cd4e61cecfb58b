import type { NormalisedFinancials } from '../financials/normalise.js';
import { dec } from './money.js';
import { capitalTableMismatches } from './dilution.js';
import { metricBasisProblems } from './comparables.js';
import { financialYearEnd, financialYearStart, stubPeriod } from './stub.js';
import { incomeTaxRegime } from './law-in-force.js';
import type { Purpose, Statute } from './types.js';
export { ratesNeeded } from '../../contract/vocabulary.js';

/**
 * Statute readiness: the data an engagement's statute needs, checked when the
 * financials are ingested and again at the lock, so a missing input is refused up front (409
 * `inputs_incomplete`) instead of computing into FAILED.
 *
 * - IBC (CIRP Reg 35): the registered valuers' values per asset class, `liquidation.assets`.
 * - Rule 11UA(1)(c)(b) (a transfer or receipt, or no purpose given): where the balance sheet holds
 *   jewellery and art, shares and securities or immovable property (their book values in
 *   `navAdjustments`), the open-market, fair-market and stamp-duty values that replace them.
 * - Rule 11UA: PE and PV, the paid-up equity capital and the paid-up value per share (> 0).
 * - A DCF: projections. FEMA and the Companies Act always value by DCF; Rule 11UA only when the
 *   issuer adopts DCF under Rule 11UA(2)(b), by the option or by the valuer's weights (otherwise DCF
 *   is shown when projections exist). An adopted method is never replaced by another.
 *   NAV and IBC never demand projections.
 */
export interface MissingInput {
  /** JSON Pointer into the canonical financials document. */
  path: string;
  message: string;
  code:
    | 'MISSING_PROJECTIONS'
    | 'MISSING_LIQUIDATION_INPUTS'
    | 'MISSING_MARKET_VALUES'
    | 'EQUITY_CAPITAL_NOT_POSITIVE'
    | 'PROJECTIONS_OUT_OF_RANGE'
    | 'CAPITAL_TABLE_MISMATCH'
    | 'METRIC_BASIS_MISMATCH';
}

export interface ReadinessContext {
  statute: Statute;
  purpose: Purpose | null;
  /** Rule 11UA(2): the issuer's choice of NAV (default) or DCF. */
  rule11uaIssueMethod?: 'NAV' | 'DCF';
  /** YYYY-MM-DD; when given, a DCF's first projection year must contain it or start the day after. */
  valuationDate?: string;
  /** YYYY-MM-DD; from 1 April 2026 Rule 11UA gives way to Rule 57 of the Income-tax Rules, 2026, which has no DCF. */
  transactionDate?: string;
  /** The valuer's locked weights give the DCF more than nil: the DCF is adopted and can never be left out. */
  dcfAdopted?: boolean;
  /** The valuer accepts multiples of one basis applied to the company's metric of the other (marketApproach.acceptBasisMismatch). */
  acceptBasisMismatch?: boolean;
}

/** True when the valuer's weights adopt the DCF (a weight above nil). */
export function dcfAdoptedBy(methodWeights: Partial<Record<string, string | number>> | null | undefined): boolean {
  const raw = methodWeights?.DCF;
  if (raw === undefined || raw === null) return false;
  try {
    return dec(raw).gt(0);
  } catch {
    return false;
  }
}

/** Rule 11UA's valuation under the Income-tax Act, 2025 (Rule 57 Sl. No. 4: NAV only). */
function underRule57(ctx: ReadinessContext): boolean {
  return (
    ctx.statute === 'RULE_11UA' &&
    ctx.transactionDate !== undefined &&
    incomeTaxRegime(ctx.transactionDate) === 'INCOME_TAX_ACT_2025'
  );
}

/** True when the statute's valuation includes a DCF for these financials. */
export function usesDcf(ctx: ReadinessContext, f: Pick<NormalisedFinancials, 'projections'> | null): boolean {
  switch (ctx.statute) {
    case 'IBC_LIQUIDATION':
      return false;
    case 'RULE_11UA':
      if (underRule57(ctx)) return false;
      return ctx.rule11uaIssueMethod === 'DCF' || ctx.dcfAdopted === true || f === null || f.projections.length > 0;
    default:
      return true;
  }
}

/**
 * Whether the lock must carry the valuer's note on the reasonableness of the projections (docs/reports.md,
 * Annexures): where a DCF is adopted. s.62 and FEMA value by DCF unless the valuer's weights give it none; a
 * Rule 11UA issue (before Rule 57) where the weights or the option adopt it, or where projections are given
 * and the DCF is shown; never a transfer or receipt, Rule 57 or IBC.
 */
export function projectionsNoteRequired(
  ctx: ReadinessContext,
  f: Pick<NormalisedFinancials, 'projections'> | null,
  methodWeights: Partial<Record<string, string | number>> | null | undefined,
): boolean {
  const weighed = methodWeights !== null && methodWeights !== undefined && Object.keys(methodWeights).length > 0;
  if (weighed && !dcfAdoptedBy(methodWeights)) return false;
  if (ctx.statute === 'FEMA_RBI' || ctx.statute === 'COMPANIES_ACT_SEC_62') return true;
  if (ctx.statute !== 'RULE_11UA' || ctx.purpose === 'TRANSFER_OR_RECEIPT' || underRule57(ctx)) return false;
  return weighed || ctx.rule11uaIssueMethod === 'DCF' || (f !== null && f.projections.length > 0);
}

export function projectionsRequired(ctx: ReadinessContext): boolean {
  if (ctx.statute === 'FEMA_RBI' || ctx.statute === 'COMPANIES_ACT_SEC_62') return true;
  // The issuer's DCF (Rule 11UA(2)(b)), chosen by the option or by the valuer's weights: never replaced by NAV.
  return (
    ctx.statute === 'RULE_11UA' &&
    !underRule57(ctx) &&
    (ctx.rule11uaIssueMethod === 'DCF' || ctx.dcfAdopted === true) &&
    ctx.purpose !== 'TRANSFER_OR_RECEIPT'
  );
}

const FAIR_VALUE_PAIRS = [
  [
    'jewelleryAndArtBookValue',
    'jewelleryAndArtMarketValue',
    "B: the open-market value of jewellery and artistic work (registered valuer's report)",
  ],
  ['sharesAndSecuritiesBookValue', 'sharesAndSecuritiesFairValue', 'C: the fair market value of shares and securities'],
  [
    'immovablePropertyBookValue',
    'immovablePropertyStampDutyValue',
    'D: the value adopted or assessable for stamp duty on immovable property',
  ],
] as const;

export function missingInputs(f: NormalisedFinancials, ctx: ReadinessContext): MissingInput[] {
  const missing: MissingInput[] = [];
  if (ctx.statute === 'IBC_LIQUIDATION' && (!f.liquidation || f.liquidation.assets.length === 0)) {
    missing.push({
      path: '/liquidation/assets',
      code: 'MISSING_LIQUIDATION_INPUTS',
      message: "IBC valuation needs the registered valuers' fair value and liquidation value for each asset class.",
    });
  }
  if (projectionsRequired(ctx) && f.projections.length === 0) {
    missing.push({
      path: '/projections',
      code: 'MISSING_PROJECTIONS',
      message: `The discounted cash flow method${ctx.statute === 'RULE_11UA' ? ' adopted under Rule 11UA(2)(b)' : ''} needs at least one projection year.`,
    });
  }
  // Where the DCF is only shown for information (Rule 11UA NAV), misaligned projections drop the DCF instead.
  if (ctx.valuationDate && f.projections.length > 0 && projectionsRequired(ctx)) {
    const problem = projectionRangeProblem(
      ctx.valuationDate,
      f.projections.map((p) => p.year),
    );
    if (problem) missing.push({ path: '/projections', code: 'PROJECTIONS_OUT_OF_RANGE', message: problem });
  }
  // Like with like: peers' and deals' multiples applied to the company's metric of the same basis.
  if (ctx.statute === 'COMPANIES_ACT_SEC_62' || ctx.statute === 'FEMA_RBI') {
    for (const p of metricBasisProblems(f, ctx.acceptBasisMismatch === true))
      missing.push({ ...p, code: 'METRIC_BASIS_MISMATCH' });
  }
  // Capital counted once: the convertibles added back as converted must be ones the methods deducted.
  if (ctx.statute !== 'IBC_LIQUIDATION' && (ctx.statute !== 'RULE_11UA' || usesDcf(ctx, f))) {
    for (const message of capitalTableMismatches(f))
      missing.push({ path: '/shareholding', code: 'CAPITAL_TABLE_MISMATCH', message });
  }
  if (ctx.statute === 'RULE_11UA') {
    if (!dec(f.balanceSheet.equityShareCapital).gt(0)) {
      missing.push({
        path: '/balanceSheet/equityShareCapital',
        code: 'EQUITY_CAPITAL_NOT_POSITIVE',
        message: `The ${underRule57(ctx) ? 'Rule 57' : 'Rule 11UA'} NAV divides by PE, the paid-up equity share capital, which must be greater than 0.`,
      });
    }
    if (!dec(f.shares.faceValuePerShare).gt(0)) {
      missing.push({
        path: '/shares/faceValuePerShare',
        code: 'EQUITY_CAPITAL_NOT_POSITIVE',
        message: 'PV, the paid-up value per share, must be greater than 0.',
      });
    }
    if (ctx.purpose !== 'ISSUE_OF_SHARES') {
      for (const [book, market, what] of FAIR_VALUE_PAIRS) {
        if (dec(f.navAdjustments[book]).gt(0) && dec(f.navAdjustments[market]).isZero()) {
          missing.push({
            path: `/navAdjustments/${market}`,
            code: 'MISSING_MARKET_VALUES',
            message: `${underRule57(ctx) ? 'Rule 57 (Table, Sl. No. 4) of the Income-tax Rules, 2026' : 'Rule 11UA(1)(c)(b)'} needs ${what}: the balance sheet holds such assets at a book value of ${f.navAdjustments[book]}.`,
          });
        }
      }
    }
  }
  return missing;
}

/**
 * The discounting starts at the valuation date, so the first projection year must be the one that holds
 * it (a stub, s < 1) or the one that starts the day after it (s = 1): docs/valuation-method.md, Stub period.
 */
export function projectionRangeProblem(valuationDate: string, years: string[]): string | null {
  const first = years[0];
  const last = years[years.length - 1];
  if (financialYearEnd(last) < valuationDate) {
    return `The projections end on ${financialYearEnd(last)} (${last}), before the valuation date ${valuationDate}: project the years from the valuation date on.`;
  }
  if (financialYearEnd(first) < valuationDate) {
    return `The first projection year, ${first}, ends on ${financialYearEnd(first)}, before the valuation date ${valuationDate}: start the projections with the year that holds the valuation date.`;
  }
  const { fraction } = stubPeriod(valuationDate, first);
  if (fraction.gt(1)) {
    return `The first projection year, ${first}, starts on ${financialYearStart(first)}, more than a day after the valuation date ${valuationDate}, so its end is more than twelve months away: start the projections with the year that holds the valuation date.`;
  }
  return null;
}

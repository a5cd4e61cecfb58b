// What a valuation under a statute is given and what it gives back: the context (financials, dates, the
// valuer's choices) and the outcome (methods, conclusion, warnings), shared by each statute's valuation.
import type { NormalisedFinancials } from '../financials/normalise.js';
import { type MarketApproach } from './comparables.js';
import { type DcfAssumptions, type DcfComputation } from './dcf.js';
import { type Dec } from './money.js';
import { ValuationInputError } from './errors.js';
import type { Conclusion, MethodCode, MethodResult, Purpose, Statute, ValuationWarning } from './types.js';

/** Companies Act weights in percent; omitted methods weigh 0. */
export interface MethodWeights {
  dcf?: string | number;
  nav?: string | number;
  comparables?: string | number;
}

/**
 * Documented defaults for s.62: the income approach leads (DCF 50 %); the cost approach (NAV)
 * takes the rest, shared equally with the market approach when peers can be applied.
 */
export const DEFAULT_WEIGHTS_WITHOUT_PEERS = { dcf: '50', nav: '50', comparables: '0' } as const;
export const DEFAULT_WEIGHTS_WITH_PEERS = { dcf: '50', nav: '25', comparables: '25' } as const;

export type Rule11uaIssueMethod = 'NAV' | 'DCF';

export interface StatuteContext {
  financials: NormalisedFinancials;
  statute: Statute;
  purpose: Purpose | null;
  /** YYYY-MM-DD: the date values are struck at (never the law's test). */
  valuationDate: string;
  /** YYYY-MM-DD: the date of the receipt, transfer or issue; decides the Income-tax Act for Rule 11UA and whether s.56(2)(viib) reaches an issue. */
  transactionDate: string;
  /** Null where no rates were given because none are needed (ratesNeeded): the prescribed NAV has no DCF. */
  dcf: DcfAssumptions | null;
  weights?: MethodWeights;
  /** The valuer's weights by method code (already checked against the statute). */
  methodWeights?: Partial<Record<MethodCode, string | number>>;
  /** Rule 11UA(2) lets the issuer adopt NAV (clause (a)) or DCF (clause (b)); default NAV. */
  rule11uaIssueMethod?: Rule11uaIssueMethod;
  /** The valuer's choices for the comparable-company multiples. */
  marketApproach?: MarketApproach;
}

export interface StatuteOutcome {
  methods: MethodResult[];
  conclusion: Conclusion;
  /** The concluded value per share unrounded (for the discount), null when none concludes. */
  concludedRaw: Dec | null;
  dcf: DcfComputation | null;
  warnings: ValuationWarning[];
  /** The methods the conclusion weighs, each exact, for the discounts applied method by method (docs/valuation-method.md). */
  components?: { method: MethodCode; weight: Dec; value: Dec }[];
}

/** The DCF's rates, for a valuation that computes one; never reached without them (checkInput refuses first). */
export function dcfRates(ctx: Pick<StatuteContext, 'dcf'>): DcfAssumptions {
  if (!ctx.dcf)
    throw new ValuationInputError('MISSING_RATES', 'This valuation has a DCF: give its WACC and terminal growth rate.');
  return ctx.dcf;
}

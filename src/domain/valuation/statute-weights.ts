// A weighted conclusion (Companies Act s.62, FEMA): the methods it may combine and the weights it gives them.
import { capitalised, methodInWords } from '../../contract/vocabulary.js';
import type { NormalisedFinancials } from '../financials/normalise.js';
import { bookNavMethod, computeBookNav } from './nav-book.js';
import { comparablesMethod, computeComparables, type MarketApproach } from './comparables.js';
import { computeRecentRound, computeTransactions } from './market-evidence.js';
import { computeDcf, dcfMethod } from './dcf.js';
import { ValuationInputError } from './errors.js';
import { HUNDRED, ZERO, dec, plain, sum, toPaise, type Dec } from './money.js';
import type { MethodCode } from './types.js';
import {
  DEFAULT_WEIGHTS_WITH_PEERS,
  DEFAULT_WEIGHTS_WITHOUT_PEERS,
  dcfRates,
  type MethodWeights,
  type StatuteContext,
} from './statute-context.js';

/** Every method a weighted conclusion (s.62, FEMA) may combine, computed from the financials. */
export function weighableMethods(ctx: StatuteContext) {
  const f = ctx.financials;
  const dcf = computeDcf(f, dcfRates(ctx));
  const nav = computeBookNav(f);
  const comparables =
    f.peers.length > 0 ? computeComparables(f, ctx.marketApproach) : { computation: null, warnings: [] };
  const methods = [dcfMethod(dcf, dcfRates(ctx)), bookNavMethod(nav)];
  const rawValues: Partial<Record<MethodCode, Dec>> = { DCF: dcf.valuePerShare, NAV: nav.valuePerShare };
  if (comparables.computation) {
    methods.push(comparablesMethod(comparables.computation, f.peers));
    rawValues.COMPARABLES = comparables.computation.valuePerShare;
  }
  const evidence = marketEvidence(f, ctx.valuationDate, ctx.marketApproach);
  methods.push(...evidence.methods);
  Object.assign(rawValues, evidence.values);
  return { dcf, comparables, evidence, methods, rawValues };
}

/** The valuer's weights for DCF, NAV and comparables, by method code; undefined when none are given. */
export function givenWeights(ctx: StatuteContext): MethodWeights | undefined {
  return ctx.methodWeights
    ? {
        dcf: ctx.methodWeights.DCF ?? 0,
        nav: ctx.methodWeights.NAV ?? 0,
        comparables: ctx.methodWeights.COMPARABLES ?? 0,
      }
    : undefined;
}

/**
 * The weights (`given`, or the default), each method valued with its weight and value, and the weighted value
 * unrounded. A method whose equity value is negative enters the weighting at nil, never below it
 * (docs/valuation-method.md, Negative equity): `computedValue` keeps its own figure, and `floored` says so.
 */
export function weighMethods(
  ctx: StatuteContext,
  given: MethodWeights | undefined,
  {
    comparables,
    evidence,
    rawValues,
  }: Pick<ReturnType<typeof weighableMethods>, 'comparables' | 'evidence' | 'rawValues'>,
) {
  const weights = resolveWeights(given, comparables.computation !== null, evidenceWeights(ctx, evidence.values));
  const components = WEIGHTED_METHODS.filter((m) => rawValues[m] !== undefined).map((m) => {
    const computed = rawValues[m] as Dec;
    return {
      method: m,
      weight: weights[m],
      value: computed.isNegative() ? ZERO : computed,
      computedValue: computed,
      floored: computed.isNegative() && !computed.isZero(),
    };
  });
  const weighted = sum(components.map((c) => c.value.times(c.weight))).div(HUNDRED);
  return { weights, components, weighted };
}

/** The report's sentence for the weighed methods whose negative equity entered the weighting at nil; '' when none. */
export function flooredSentence(
  components: readonly { method: string; weight: Dec; computedValue: Dec; floored: boolean }[],
): string {
  const floored = components.filter((c) => c.floored && c.weight.gt(0));
  if (floored.length === 0) return '';
  const named = floored.map((c) => `${methodInWords(c.method)} (₹${toPaise(c.computedValue)} a share)`).join(' and ');
  return ` ${capitalised(named)} ${floored.length === 1 ? 'gives' : 'give'} a negative equity value; a share of a company whose members' liability is limited is worth no less than nil, so ${floored.length === 1 ? 'it enters' : 'they enter'} the weighting at nil, with ${floored.length === 1 ? 'its' : 'their'} weight kept as the valuer set it.`;
}

/** The methods a weighted conclusion (s.62, FEMA) combines. */
export const WEIGHTED_METHODS = ['DCF', 'NAV', 'COMPARABLES', 'TRANSACTIONS', 'RECENT_ROUND'] as const;
export type WeightedMethod = (typeof WEIGHTED_METHODS)[number];

/** Comparable transactions and a recent round, where the financials give them. */
export function marketEvidence(f: NormalisedFinancials, valuationDate: string, market?: MarketApproach) {
  const outcomes = [computeTransactions(f, market), computeRecentRound(f, valuationDate)].filter((o) => o !== null);
  return {
    methods: outcomes.map((o) => o.method),
    values: Object.fromEntries(outcomes.map((o) => [o.method.method, o.value])) as Partial<Record<MethodCode, Dec>>,
    warnings: outcomes.flatMap((o) => o.warnings),
  };
}

/** The valuer's weights for the market evidence; a weight on evidence the financials do not give is refused. */
export function evidenceWeights(
  ctx: StatuteContext,
  values: Partial<Record<MethodCode, Dec>>,
): Partial<Record<WeightedMethod, Dec>> {
  const out: Partial<Record<WeightedMethod, Dec>> = {};
  for (const m of ['TRANSACTIONS', 'RECENT_ROUND'] as const) {
    const raw = ctx.methodWeights?.[m];
    if (raw === undefined) continue;
    const w = parseWeight(raw, m);
    if (w.gt(0) && values[m] === undefined) {
      throw new ValuationInputError(
        'INVALID_WEIGHTS',
        `A weight is given to ${m}, but the financials give no ${m === 'TRANSACTIONS' ? 'comparable transactions ("transactions")' : 'recent investment round ("recentRound")'}.`,
        `/methodWeights/${m}`,
      );
    }
    out[m] = w;
  }
  return out;
}

export function resolveWeights(
  given: MethodWeights | undefined,
  hasComparables: boolean,
  evidence: Partial<Record<WeightedMethod, Dec>> = {},
): Record<WeightedMethod, Dec> {
  const source = given ?? (hasComparables ? DEFAULT_WEIGHTS_WITH_PEERS : DEFAULT_WEIGHTS_WITHOUT_PEERS);
  const read = (name: keyof MethodWeights): Dec => {
    const raw = source[name];
    if (raw === undefined) return ZERO;
    const value = parseWeight(raw, name);
    if (value.isNegative())
      throw new ValuationInputError('INVALID_WEIGHTS', `Weight for ${name} must not be negative.`);
    return value;
  };
  const weights = {
    DCF: read('dcf'),
    NAV: read('nav'),
    COMPARABLES: read('comparables'),
    TRANSACTIONS: evidence.TRANSACTIONS ?? ZERO,
    RECENT_ROUND: evidence.RECENT_ROUND ?? ZERO,
  };
  const total = sum(Object.values(weights));
  if (!total.eq(HUNDRED)) {
    throw new ValuationInputError(
      'INVALID_WEIGHTS',
      `Method weights must add up to 100%; they add up to ${plain(total)}%.`,
    );
  }
  if (!hasComparables && !weights.COMPARABLES.isZero()) {
    throw new ValuationInputError(
      'INVALID_WEIGHTS',
      'A weight is given to comparable multiples, but no peer multiple could be applied (financials "peers").',
      '/methodWeights/COMPARABLES',
    );
  }
  return weights;
}

export function parseWeight(raw: string | number, name: string): Dec {
  try {
    return dec(raw);
  } catch {
    throw new ValuationInputError('INVALID_WEIGHTS', `Weight for ${name} is not a number.`);
  }
}

import { HUNDRED, ONE, plain, sum, toPaise, type Dec } from './money.js';
import type { MethodCode, MethodDiscounts, ValueBasis } from './types.js';

/**
 * The basis of each method's value, which decides the discounts it takes (docs/valuation-method.md,
 * Discounts): a discount for lack of control only on a value on a control basis, one for lack of
 * marketability only on a marketable basis, so nothing is discounted twice.
 * - DCF, NAV and the prescribed NAV formulas value the whole business: control and marketable.
 * - Comparable transactions: deals for control, control and marketable; once the deals' control premium is
 *   removed (a premium measured against marketable, traded prices), minority and marketable: a DLOM still applies.
 * - Listed peers' trading multiples price minority holdings in listed shares: minority, marketable
 *   (no DLOC; a DLOM still applies to an unlisted company).
 * - A recent round's price of the company's own unlisted shares: minority and non-marketable (neither).
 */
export function valueBasis(method: MethodCode): ValueBasis {
  switch (method) {
    case 'COMPARABLES':
      return 'MINORITY_MARKETABLE';
    case 'RECENT_ROUND':
      return 'MINORITY_NON_MARKETABLE';
    default:
      return 'CONTROL_MARKETABLE';
  }
}

/** A value on a control basis: a discount for lack of control applies to it. */
export const onControlBasis = (b: ValueBasis): boolean => b === 'CONTROL_MARKETABLE';
/** A value on a marketable basis: a discount for lack of marketability applies to it. */
export const onMarketableBasis = (b: ValueBasis): boolean => b !== 'MINORITY_NON_MARKETABLE';

/** The same marketability on a minority basis: what a nil discount for lack of control, with its reason, says. */
const MINORITY_OF: Record<ValueBasis, ValueBasis> = {
  CONTROL_MARKETABLE: 'MINORITY_MARKETABLE',
  MINORITY_MARKETABLE: 'MINORITY_MARKETABLE',
  MINORITY_NON_MARKETABLE: 'MINORITY_NON_MARKETABLE',
};

const BASIS_WORDS: Record<ValueBasis, string> = {
  CONTROL_MARKETABLE: 'a control, marketable basis',
  MINORITY_MARKETABLE: 'a minority, marketable basis',
  MINORITY_NON_MARKETABLE: 'a minority, non-marketable basis',
};

export interface DiscountedConclusion {
  /** Σ weight × value / 100, before any discount. */
  before: Dec;
  /** After the discount for lack of control, method by method. */
  afterControl: Dec;
  /** After both discounts, method by method: the concluded value. */
  after: Dec;
  byMethod: MethodDiscounts[];
  /** The arithmetic in words, for the conclusion's basis. */
  sentence: string;
}

/**
 * Each method's value × (1 − DLOC, where on a control basis) × (1 − DLOM, where marketable), in that
 * order, then weighted: Σ wᵢ × vᵢ × cᵢ × mᵢ / 100. Exact; rounded to the paisa only for presentation.
 * A nil DLOC, which the valuer states with its reason, is their judgement that the values on a control basis
 * carry no control premium (the business as it is run, shared pro rata): those values are then on a minority
 * basis, and are labelled so.
 */
export function discountByMethod(
  components: { method: MethodCode; weight: Dec; value: Dec }[],
  dloc: Dec | null,
  dlom: Dec | null,
  bases: Partial<Record<MethodCode, ValueBasis>> = {},
): DiscountedConclusion {
  const rows = components.map((c) => {
    const own = bases[c.method] ?? valueBasis(c.method);
    const basis = dloc !== null && dloc.isZero() ? MINORITY_OF[own] : own;
    const control = dloc !== null && onControlBasis(basis);
    const marketability = dlom !== null && onMarketableBasis(basis);
    const afterControl = control ? c.value.times(ONE.minus(dloc.div(HUNDRED))) : c.value;
    const after = marketability ? afterControl.times(ONE.minus(dlom.div(HUNDRED))) : afterControl;
    return { c, basis, control, marketability, afterControl, after };
  });
  const weighted = (pick: (r: (typeof rows)[number]) => Dec) =>
    sum(rows.map((r) => pick(r).times(r.c.weight))).div(HUNDRED);
  const adopted = rows.filter((r) => r.c.weight.gt(0));
  const steps = (r: (typeof rows)[number]) => [
    ...(r.control ? [`(1 − ${plain(dloc!)}%)`] : []),
    ...(r.marketability ? [`(1 − ${plain(dlom!)}%)`] : []),
  ];
  const parts = adopted.map((r) => {
    const s = steps(r);
    const skipped = [
      ...(dloc !== null && !r.control ? ['lack of control'] : []),
      ...(dlom !== null && !r.marketability ? ['lack of marketability'] : []),
    ];
    const why = skipped.length ? ` (on ${BASIS_WORDS[r.basis]}: no discount for ${skipped.join(' or ')})` : '';
    return `${r.c.method} ${toPaise(r.c.value)}${s.length ? ` × ${s.join(' × ')}` : ''} = ${toPaise(r.after)}${why}`;
  });
  return {
    before: weighted((r) => r.c.value),
    afterControl: weighted((r) => r.afterControl),
    after: weighted((r) => r.after),
    byMethod: rows.map((r) => ({
      method: r.c.method,
      weightPercent: plain(r.c.weight),
      basis: r.basis,
      controlDiscountApplies: r.control,
      marketabilityDiscountApplies: r.marketability,
      valueBeforeDiscounts: toPaise(r.c.value),
      valueAfterDiscounts: toPaise(r.after),
      weightedValueAfterDiscounts: toPaise(r.after.times(r.c.weight).div(HUNDRED)),
    })),
    sentence: parts.join('; '),
  };
}

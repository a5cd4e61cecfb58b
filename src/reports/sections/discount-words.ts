// The discount sentences say what was computed (docs/reports.md, Only what the statute allows): which adopted
// methods took each discount and which did not and why, and a nil discount as nil, with the valuer's reason.
import { Decimal } from 'decimal.js';
import type { ValuationResult } from '../../domain/valuation/types.js';
import { METHOD_TITLE, percent, rupees } from '../format.js';

type Concluded = ValuationResult['conclusion'];

const nil = (d: { percent: string } | undefined) => !d || new Decimal(d.percent).isZero();

/** "a discount for lack of control of 20%" for each discount above nil, joined; empty when none is. */
export function discountWords(c: Concluded): string {
  return [
    !nil(c.controlDiscount) && `a discount for lack of control of ${percent(c.controlDiscount!.percent)}`,
    !nil(c.discount) && `a discount for lack of marketability of ${percent(c.discount!.percent)}`,
  ]
    .filter(Boolean)
    .join(' and ');
}

/** True when a discount above nil was applied. */
export const anyDiscountApplied = (c: Concluded): boolean => !nil(c.controlDiscount) || !nil(c.discount);

const list = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Why a method's value takes no discount for lack of control: it is already a minority one. */
const NO_CONTROL_DISCOUNT: Record<string, string> = {
  COMPARABLES: "listed peers' trading prices of minority holdings",
  TRANSACTIONS: "the deals' control premium already removed",
  RECENT_ROUND: "the price of the company's own shares",
};
/** Why a method's value takes no discount for lack of marketability: it is already that of unlisted shares. */
const NO_MARKETABILITY_DISCOUNT: Record<string, string> = {
  RECENT_ROUND: "the price of the company's own unlisted shares",
};

/**
 * One sentence per discount: the methods that took it, those that did not and why; a nil discount as nil, its reason
 * following under its own heading (the conclusion prints every discount's rationale).
 */
export function discountSentences(c: Concluded): string[] {
  const adopted = (c.discountsByMethod ?? []).filter((m) => new Decimal(m.weightPercent).gt(0));
  const title = (m: (typeof adopted)[number]) => METHOD_TITLE[m.method] ?? m.method;
  const out: string[] = [];
  const one = (
    d: Concluded['discount'],
    what: string,
    applies: (m: (typeof adopted)[number]) => boolean,
    reasons: Record<string, string>,
    already: [one: string, many: string],
  ) => {
    if (!d) return;
    if (nil(d)) {
      out.push(`No discount for ${what} is applied (nil), for the reason given below.`);
      return;
    }
    const takers = adopted.filter(applies).map(title);
    const others = adopted
      .filter((m) => !applies(m))
      .map((m) => (reasons[m.method] ? `${title(m)} (${reasons[m.method]})` : title(m)));
    out.push(
      `A discount for ${what} of ${percent(d.percent)} is applied to the value of ${list(takers)}${others.length ? `; ${list(others)} ${others.length === 1 ? `takes none, ${already[0]}` : `take none, ${already[1]}`}` : ''}.`,
    );
  };
  one(c.controlDiscount, 'lack of control', (m) => m.controlDiscountApplies, NO_CONTROL_DISCOUNT, [
    'its value already being that of a minority holding',
    'their values already being those of minority holdings',
  ]);
  one(c.discount, 'lack of marketability', (m) => m.marketabilityDiscountApplies, NO_MARKETABILITY_DISCOUNT, [
    'its value already being that of unlisted shares',
    'their values already being those of unlisted shares',
  ]);
  return out;
}

/**
 * A warning as the report prints it: a discount's reason, printed with the conclusion, is referred to, not repeated.
 * Under FEMA the discount is the valuer's position on the level of value, stated as such with what it does to the
 * floor, stated as facts: the discount, where its reason is, and the value before it (docs/statutes.md, FEMA).
 */
export function onceWithTheConclusion(x: { code: string; message: string }, v?: ValuationResult): string {
  if (x.code !== 'FEMA_DISCOUNT_LOWERS_FLOOR') return x.message;
  const taken = /takes a discount for (lack of \w+) of ([\d.]+)%/.exec(x.message);
  const before = v?.conclusion.valueBeforeDiscount;
  if (!taken || !before || !v?.conclusion.valuePerShare) {
    return x.message.replace(
      / The valuer's reason: [\s\S]*$/,
      " The valuer's reason for it is given with the conclusion.",
    );
  }
  return (
    `The fair value is that of a minority holding of unlisted shares, which has no ready market, so it takes a discount for ${taken[1]} of ${taken[2]}% (the reason is given with the conclusion); before the discount the value would be ${rupees(before)} a share. ` +
    'Rule 21 of the Non-Debt Instruments Rules sets the fair value, after that discount, as the floor on the price to a person resident outside India.'
  );
}

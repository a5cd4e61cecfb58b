// The discount sentences say what was computed (docs/reports.md, Only what the statute allows): which adopted
// methods took each discount and which did not and why, and a nil discount as nil, with the valuer's reason.
import { Decimal } from 'decimal.js';
import type { ValuationResult } from '../../domain/valuation/types.js';
import { METHOD_TITLE, percent } from '../format.js';

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

/** One sentence per discount: the methods that took it, those that did not and why, or nil with its reason. */
export function discountSentences(c: Concluded): string[] {
  const adopted = (c.discountsByMethod ?? []).filter((m) => new Decimal(m.weightPercent).gt(0));
  const title = (m: (typeof adopted)[number]) => METHOD_TITLE[m.method] ?? m.method;
  const out: string[] = [];
  const one = (
    d: Concluded['discount'],
    what: string,
    applies: (m: (typeof adopted)[number]) => boolean,
    whyNot: string,
  ) => {
    if (!d) return;
    if (nil(d)) {
      out.push(`No discount for ${what} is applied (nil): ${d.rationale.replace(/\.?$/, '.')}`);
      return;
    }
    const takers = adopted.filter(applies).map(title);
    const others = adopted.filter((m) => !applies(m)).map(title);
    out.push(
      `A discount for ${what} of ${percent(d.percent)} is applied to the value of ${list(takers)}${others.length ? `; ${list(others)} ${others.length === 1 ? 'takes' : 'take'} none, ${whyNot}` : ''}.`,
    );
  };
  one(
    c.controlDiscount,
    'lack of control',
    (m) => m.controlDiscountApplies,
    "its value already being that of a minority holding (listed peers' trading prices or the price of the company's own shares)",
  );
  one(
    c.discount,
    'lack of marketability',
    (m) => m.marketabilityDiscountApplies,
    "its value already being that of unlisted shares (the price of the company's own shares)",
  );
  return out;
}

import { Decimal } from 'decimal.js';

/**
 * A private Decimal constructor so no other module's global configuration can change ours.
 * 40 significant digits keeps discount factors and divisions far below a paisa of error for
 * any rupee amount a company could report; half-up (away from zero on ties) is the
 * presentation rounding the reports promise.
 */
export const Dec = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type Dec = Decimal;

export type DecimalInput = string | number | Dec;

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** True when `value` is a plain decimal string such as "-1234.50" (no exponent, no spaces). */
export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_TEXT.test(value);
}

/**
 * Converts a number or decimal string into a Decimal. Numbers go through their shortest
 * round-trip text (String(0.1) === "0.1"), never through binary arithmetic.
 */
export function dec(value: DecimalInput): Dec {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
    return new Dec(String(value));
  }
  return new Dec(value);
}

export const ZERO = new Dec(0);
export const ONE = new Dec(1);
export const HUNDRED = new Dec(100);

/** Rounds half-up to the paisa and prints exactly two decimals ("245.37", "-0.50"). */
export function toPaise(value: Dec): string {
  const fixed = value.toDecimalPlaces(2, Dec.ROUND_HALF_UP).toFixed(2);
  return fixed === '-0.00' ? '0.00' : fixed;
}

/** Rounds half-up to `places` decimals, for factors, ratios and percentages. */
export function toPlaces(value: Dec, places: number): string {
  const fixed = value.toDecimalPlaces(places, Dec.ROUND_HALF_UP).toFixed(places);
  return /^-0\.?0*$/.test(fixed) ? fixed.slice(1) : fixed;
}

/** Shortest exact text of a decimal without exponent notation ("12.5", "4"). */
export function plain(value: Dec): string {
  return value.toFixed();
}

export function sum(values: readonly Dec[]): Dec {
  return values.reduce((acc, v) => acc.plus(v), ZERO);
}

/** Percent (12.5) to fraction (0.125). */
export function percentToFraction(percent: Dec): Dec {
  return percent.div(HUNDRED);
}

/** Indian digit grouping of a count: 3495000 -> "34,95,000" (a fraction kept as computed). */
export function formatCount(value: Dec): string {
  const [whole, fraction] = value.abs().toFixed().split('.');
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}` : lastThree;
  return `${value.isNegative() && !value.isZero() ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/** Indian digit grouping for messages: 1234567.5 -> "₹12,34,567.50". */
export function formatRupees(value: Dec): string {
  const [whole, fraction] = toPaise(value.abs()).split('.');
  const lastThree = whole.slice(-3);
  const rest = whole.slice(0, -3);
  const grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${lastThree}` : lastThree;
  return `${value.isNegative() && !value.isZero() ? '-' : ''}₹${grouped}.${fraction}`;
}

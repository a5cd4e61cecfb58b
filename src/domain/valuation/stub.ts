import { Dec, ONE, dec } from './money.js';

/**
 * The stub period: a valuation date inside the first projection year (docs/valuation-method.md, Stub
 * period). `s` = the days from the valuation date (exclusive) to the end of the first projection year
 * (inclusive) ÷ the days in that year. A valuation date on the day before the year starts gives s = 1.
 */
export interface StubPeriod {
  /** s, exact (days ÷ days in the year). */
  fraction: Dec;
  /** Days from the valuation date (exclusive) to the end of the first projection year (inclusive). */
  days: number;
  /** 365 or 366. */
  daysInYear: number;
  /** The first projection year's last day, YYYY-MM-DD. */
  firstYearEnd: string;
}

const DAY_MS = 86_400_000;
const utc = (isoDate: string) =>
  Date.UTC(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)) - 1, Number(isoDate.slice(8, 10)));

/** An Indian financial year FY2027 runs from 1 April 2026 to 31 March 2027. */
export const financialYearEnd = (year: string): string => `${year.slice(2)}-03-31`;
export const financialYearStart = (year: string): string => `${Number(year.slice(2)) - 1}-04-01`;

export function stubPeriod(valuationDate: string, firstYear: string): StubPeriod {
  const end = financialYearEnd(firstYear);
  const start = financialYearStart(firstYear);
  const days = Math.round((utc(end) - utc(valuationDate)) / DAY_MS);
  const daysInYear = Math.round((utc(end) - utc(start)) / DAY_MS) + 1;
  return { fraction: dec(days).div(daysInYear), days, daysInYear, firstYearEnd: end };
}

/** A full first year (the valuation date the day before it starts): today's whole-year exponents. */
export const isFullYear = (stub: StubPeriod | undefined): boolean => !stub || stub.fraction.eq(ONE);

/**
 * The discount exponent of projection year k (1-based): end-of-year `s + (k − 1)`; mid-year `s/2` for
 * year 1 and `s + k − 1.5` after. The terminal value takes the final year's end-of-year exponent.
 */
export function discountExponent(s: Dec, k: number, midYear: boolean): Dec {
  if (!midYear) return s.plus(k - 1);
  return k === 1 ? s.div(2) : s.plus(k).minus('1.5');
}

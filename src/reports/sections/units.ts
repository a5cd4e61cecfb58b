// Amounts as people read them in a report: in ₹ lakh or ₹ crore, the unit stated in each table's
// heading, Indian grouping, a minus sign for negatives; per-share figures stay in ₹ with paise.
import { Decimal } from 'decimal.js';
import { MINUS, grouped } from '../../contract/money-format.js';

export type ReportUnit = 'LAKH' | 'CRORE';
const DIVISOR: Record<ReportUnit, Decimal> = { LAKH: new Decimal(100_000), CRORE: new Decimal(10_000_000) };
/** The financials document's units, in rupees. */
const DOCUMENT_UNIT: Record<string, Decimal> = {
  RUPEES: new Decimal(1),
  THOUSANDS: new Decimal(1000),
  LAKHS: new Decimal(100_000),
  CRORES: new Decimal(10_000_000),
};

/** Crore when the largest amount reaches ₹100 crore, else lakh. */
export function chooseUnit(rupeeAmounts: readonly string[]): ReportUnit {
  const max = rupeeAmounts.reduce((m, a) => Decimal.max(m, new Decimal(a || 0).abs()), new Decimal(0));
  return max.gte(1_000_000_000) ? 'CRORE' : 'LAKH';
}

export const unitLabel = (unit: ReportUnit): string => (unit === 'CRORE' ? '₹ crore' : '₹ lakh');

/** A rupee amount in the unit, two decimals, half-up, grouped the Indian way. */
export function inUnit(rupeeAmount: string, unit: ReportUnit): string {
  const value = new Decimal(rupeeAmount).div(DIVISOR[unit]).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const { negative, body } = grouped(value.abs().toFixed(2));
  return `${negative || (value.isNegative() && !value.isZero()) ? MINUS : ''}${body}`;
}

/** An amount of the financials document (in its unit) in rupees, exact. */
export function documentAmountInRupees(amount: number | string, documentUnit = 'RUPEES'): string {
  return new Decimal(String(amount)).times(DOCUMENT_UNIT[documentUnit] ?? 1).toFixed();
}

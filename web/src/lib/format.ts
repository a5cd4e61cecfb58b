// Display formats. Amounts are decimal strings from the API and are formatted as strings (never via
// binary floating point) with the report's own Indian grouping: ₹1,23,45,678.90.
import { rupees, groupIndian } from '../../../src/contract/money-format';
import { STATUTE_SHORT } from '../../../src/contract/vocabulary';

export { rupees, groupIndian };

/** Integer paise (payments) as ₹ with two decimals. */
export function paiseToRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = String(Math.abs(Math.trunc(paise))).padStart(3, '0');
  return rupees(`${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`);
}

const IST = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
export const dateTime = (iso: string | null | undefined) => (iso ? `${IST.format(new Date(iso))} IST` : '—');
export const date = (ymd: string) => new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));

/** The statute named as the report's running header names it. */
export const STATUTE_LABELS: Record<string, string> = STATUTE_SHORT;

export const PURPOSE_LABELS: Record<string, string> = {
  ISSUE_OF_SHARES: 'Issue of shares',
  TRANSFER_OR_RECEIPT: 'Transfer or receipt',
  ISSUE_TO_NON_RESIDENT: 'Issue to a non-resident',
  TRANSFER_RESIDENT_TO_NON_RESIDENT: 'Transfer resident → non-resident',
  TRANSFER_NON_RESIDENT_TO_RESIDENT: 'Transfer non-resident → resident',
  CIRP_FAIR_AND_LIQUIDATION_VALUE: 'CIRP: fair value and liquidation value',
  LIQUIDATION_REALISABLE_VALUE: 'Liquidation: realisable value',
};

export const STATUS_LABELS: Record<string, string> = {
  CREATED: 'Created', DATA_INGESTING: 'Ingesting data', DATA_READY: 'Data ready', COMPUTING: 'Computing',
  GATE_1: 'Gate 1 · valuer review', GATE_2: 'Gate 2 · second review', GATE_3: 'Gate 3 · partner sign-off', COMPLETED: 'Completed', FAILED: 'Failed',
};

export const STATUS_COLORS: Record<string, string> = {
  COMPLETED: 'green', FAILED: 'red', GATE_1: 'orange', GATE_2: 'orange', GATE_3: 'orange', COMPUTING: 'blue', DATA_INGESTING: 'blue',
};

/** The units a financials document may be written in, as a valuer writes them after an amount. */
export const UNIT_WORDS: Record<string, string> = { RUPEES: '', THOUSANDS: 'thousand', LAKHS: 'lakh', CRORES: 'crore' };
const UNIT_DIGITS: Record<string, number> = { RUPEES: 0, THOUSANDS: 3, LAKHS: 5, CRORES: 7 };

/**
 * A rupee amount (decimal string) expressed in a document's unit, exactly (the decimal point moved, never
 * a float): "2088000000.00" in LAKHS → "20880.00". At least two decimals; more only where they are not 0.
 */
export function inUnit(value: string, unit: string): string {
  const shift = UNIT_DIGITS[unit] ?? 0;
  const m = /^([-+]?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, int, frac = ''] = m;
  const intPart = int.replace(/^0+(?=\d)/, '');
  const digits = intPart + frac;
  const point = intPart.length - shift;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits;
  const at = point <= 0 ? 1 : point;
  let whole = padded.slice(0, at) || '0';
  let fraction = padded.slice(at);
  whole = whole.replace(/^0+(?=\d)/, '');
  fraction = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${sign === '-' ? '-' : ''}${whole}.${fraction}`;
}

/** ₹ with Indian grouping in the document's unit: "₹20,880.00 lakh"; rupees as ₹2,08,80,00,000.00. */
export function rupeesIn(value: string, unit: string): string {
  const word = UNIT_WORDS[unit];
  return word ? `${rupees(inUnit(value, unit))} ${word}` : rupees(inUnit(value, 'RUPEES'));
}

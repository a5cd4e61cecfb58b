// Display formats. Amounts are decimal strings from the API and are formatted as strings (never via
// binary floating point) with the report's own Indian grouping: ₹1,23,45,678.90.
import { rupees, groupIndian } from '../../../src/contract/money-format';
import { METHOD_TITLES, STATUTE_SHORT } from '../../../src/contract/vocabulary';
import { STAGE_WORDS } from '../../../src/contract/stages';

export { rupees, groupIndian };

/** Integer paise (payments) as ₹ with two decimals. */
export function paiseToRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = String(Math.abs(Math.trunc(paise))).padStart(3, '0');
  return rupees(`${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`);
}

const IST = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });
export const dateTime = (iso: string | null | undefined) => (iso ? `${IST.format(new Date(iso))} IST` : '—');
export const date = (ymd: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${ymd}T00:00:00Z`));

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

export const STATUS_LABELS: Record<string, string> = STAGE_WORDS;

export const STATUS_COLORS: Record<string, string> = {
  COMPLETED: 'green',
  FAILED: 'red',
  GATE_1: 'orange',
  GATE_2: 'orange',
  GATE_3: 'orange',
  COMPUTING: 'blue',
  DATA_INGESTING: 'blue',
};

/**
 * The engine's codes in a text (a purpose, a method, a rule's name) as words: purposes and methods by
 * their labels, any other UPPER_SNAKE code in sentence case. The console shows no internal code.
 */
export function codeWords(text: string): string {
  return text.replace(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g, (code) => {
    const known = PURPOSE_LABELS[code] ?? METHOD_TITLES[code];
    if (known) return known;
    const words = code.toLowerCase().split('_').join(' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  });
}

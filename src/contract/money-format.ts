// Indian money formatting (₹1,23,45,678.90) on decimal strings, never through binary floating point.
// One implementation for the PDF report and the console.

export const MINUS = '\u2212';

/** Groups an unsigned digit string the Indian way: last three digits, then pairs (12,34,567). */
export function groupIndian(digits: string): string {
  if (digits.length <= 3) return digits;
  const last3 = digits.slice(-3);
  let rest = digits.slice(0, -3);
  const groups: string[] = [];
  while (rest.length > 2) {
    groups.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) groups.unshift(rest);
  return `${groups.join(',')},${last3}`;
}

/** Splits a decimal string into sign, grouped integer part and fraction, keeping the given precision. */
export function grouped(value: string): { negative: boolean; body: string } {
  const trimmed = value.trim();
  const negative = trimmed.startsWith('-');
  const unsigned = trimmed.replace(/^[-+]/, '');
  const [int, frac] = unsigned.split('.');
  const body = groupIndian(int || '0') + (frac !== undefined ? `.${frac}` : '');
  // "-0.00" is not a negative amount worth a minus sign.
  return { negative: negative && /[1-9]/.test(unsigned), body };
}

/** ₹ with Indian grouping, e.g. ₹12,34,567.89; negatives as −₹1,000.00. */
export function rupees(value: string): string {
  if (!/^[-+]?\d+(\.\d+)?$/.test(value.trim())) return value;
  const { negative, body } = grouped(value);
  return `${negative ? MINUS : ''}₹${body}`;
}


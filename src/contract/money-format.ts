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

const ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : '');
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/** A whole number in words, the Indian way (crore, lakh, thousand), from its digit string. */
export function numberInWordsIndian(digits: string): string {
  const clean = digits.replace(/^0+(?=\d)/, '');
  if (clean === '0') return 'zero';
  // Crores repeat: 1,00,00,00,00,000 is one thousand crore.
  const crores = clean.length > 7 ? clean.slice(0, -7) : '';
  const below = Number(clean.slice(-7));
  const parts: string[] = [];
  if (crores) parts.push(`${numberInWordsIndian(crores)} crore`);
  const lakhs = Math.floor(below / 100_000);
  const thousands = Math.floor((below % 100_000) / 1000);
  const rest = below % 1000;
  if (lakhs) parts.push(`${belowHundred(lakhs)} lakh`);
  if (thousands) parts.push(`${belowHundred(thousands)} thousand`);
  if (rest) parts.push(belowThousand(rest));
  return parts.join(' ');
}

/** "151.81" → "Rupees one hundred fifty-one and paise eighty-one only", as a report states a value. */
export function rupeesInWords(value: string): string {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!m) return value;
  const paise = Number((m[3] ?? '0').padEnd(2, '0'));
  const words = `Rupees ${numberInWordsIndian(m[2])}${paise ? ` and paise ${belowHundred(paise)}` : ''} only`;
  return m[1] && (/[1-9]/.test(m[2]) || paise) ? `Minus ${words.charAt(0).toLowerCase()}${words.slice(1)}` : words;
}

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

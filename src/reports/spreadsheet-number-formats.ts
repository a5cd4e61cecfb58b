// Number formats for the workpapers that show Indian digit grouping (1,00,00,00,000.00) in any
// spreadsheet. A number format can hold only two conditions, which is not enough for every magnitude
// and both signs, so each cell gets the exact pattern for its own figure (docs/decisions.md, Workpapers).

/** The grouping pattern for an integer part of `digits` digits: the last three, then pairs (lakh, crore, …). */
function groupingPattern(digits: number): string {
  if (digits <= 3) return '##0';
  const head = digits - 3;
  const first = head % 2 === 1 ? 1 : 2;
  const pairs = (head - first) / 2;
  return '#'.repeat(first) + '\\,##'.repeat(pairs) + '\\,##0';
}

/**
 * The format that prints `value` with Indian grouping, a minus sign before the rupee symbol when negative
 * (-₹12,34,567.00), and `decimals` places. The digit count is taken after rounding to those places.
 */
export function indianNumberFormat(value: number, options: { decimals: 0 | 2; currency: boolean }): string {
  const rounded = Math.abs(value).toFixed(options.decimals);
  const digits = rounded.split('.')[0].replace(/^0+(?=\d)/, '').length;
  const body = `${options.currency ? '"₹"' : ''}${groupingPattern(digits)}${options.decimals ? '.00' : ''}`;
  return `${body};-${body}`;
}

/**
 * For a cell whose figure is not known when the file is written: Indian grouping up to ₹99 crore for
 * positive figures (two conditions are all a format may hold), Western grouping beyond.
 */
export const INDIAN_RUPEES_UNKNOWN_MAGNITUDE =
  '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';

const ADDRESS = /(?:([A-Za-z_][A-Za-z0-9_]*|'(?:[^']|'')+')!)?\$?([A-Z]{1,3})\$?(\d+)\b/g;
const FUNCTIONS: Record<string, string> = { SUM: 'sum', MAX: 'Math.max', MIN: 'Math.min', AVERAGE: 'avg' };

/**
 * An estimate of a formula's figure from the figures of the cells it names, only to choose the cell's
 * display format (the number of digit groups); never a reported figure. Handles + − × ÷, parentheses,
 * SUM, MAX, MIN and AVERAGE over cell references (Sheet!$B$7, or B7 on `sheet`); anything else (or an unknown reference) is undefined.
 */
export function estimateFormula(
  formula: string,
  figures: ReadonlyMap<string, number>,
  sheet: string,
): number | undefined {
  let unknown = false;
  const replaced = formula
    .replace(ADDRESS, (_, onSheet: string | undefined, column: string, row: string) => {
      // Figures are keyed by absolute address on a named sheet (Inputs!$B$7, 'Discounted cash flow'!$B$7, quoted as a
      // formula quotes it); a bare B7 is on the formula's own sheet.
      const figure = figures.get(`${onSheet ?? sheet}!$${column}$${row}`);
      if (figure === undefined) unknown = true;
      return `(${figure ?? 0})`;
    })
    .replace(/\b([A-Z]+)\(/g, (_, fn: string) => {
      if (!(fn in FUNCTIONS)) unknown = true;
      return `${FUNCTIONS[fn] ?? 'x'}(`;
    });
  if (unknown || !/^[-+*/().,\d\seE]*(?:(?:sum|avg|Math\.max|Math\.min)[-+*/().,\d\seE]*)*$/.test(replaced))
    return undefined;
  const sum = (...xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const avg = (...xs: number[]) => sum(...xs) / xs.length;
  // The expression holds only numbers, operators and the four functions above (checked just before).
  try {
    const value = new Function('sum', 'avg', `return (${replaced});`)(sum, avg) as unknown;
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  } catch {
    return undefined; // a shape the check let through but JavaScript does not read: fall back to the general format
  }
}

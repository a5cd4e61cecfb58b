// Checks that what a report prints adds up on the printed figures (docs/report.md, Footing): running sums in its
// tables ("Enterprise value", then "Less:" and "Add:" lines, then the result), totals under their parts, and each
// "value × (1 − d %) = after" of the discount table. Reads pdftotext's layout text; returns the failures found.
import { Decimal } from 'decimal.js';

export interface FootingFailure {
  what: string;
  printed: string;
  computed: string;
}

/** The first amount printed after a line's label: "1,750.00", "−80.00", "₹249.60" (Indian grouping, a true minus). */
function firstAmount(line: string): Decimal | null {
  // Two decimals: amounts in the unit or in ₹; counts, factors and percentages are not parts of a sum.
  const m = /\s{2,}(−|-)?₹?(\d{1,3}(?:,\d{2,3})*\.\d{2})(?=\s|$)/.exec(line);
  if (!m) return null;
  const value = new Decimal(m[2].replace(/,/g, ''));
  return m[1] ? value.neg() : value;
}

const label = (line: string) => line.trim().split(/\s{2,}/)[0] ?? '';
const isAdjustment = (line: string) => /^(Less|Add):/.test(line.trim());

/** Lines with an amount, keeping their labels; wrapped continuation lines (no amount) are dropped. */
function amountLines(page: string): { label: string; amount: Decimal; adjustment: boolean }[] {
  return (
    page
      .split('\n')
      .map((line) => ({ line, amount: firstAmount(line) }))
      .filter((x): x is { line: string; amount: Decimal } => x.amount !== null && label(x.line) !== '')
      // A value per share stands beside the amounts, not among their parts.
      .filter((x) => !/per (equity )?share/i.test(label(x.line)))
      .map((x) => ({ label: label(x.line), amount: x.amount, adjustment: isAdjustment(x.line) }))
  );
}

/** A base line, one or more "Less:"/"Add:" lines, then the result: base + Σ adjustments = result. */
export function runningSumFailures(page: string): FootingFailure[] {
  const lines = amountLines(page);
  const failures: FootingFailure[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].adjustment || !lines[i + 1]?.adjustment) continue;
    let j = i + 1;
    let sum = lines[i].amount;
    while (j < lines.length && lines[j].adjustment) sum = sum.plus(lines[j++].amount);
    const result = lines[j];
    if (result && !result.amount.eq(sum))
      failures.push({
        what: `${lines[i].label} … ${result.label}`,
        printed: result.amount.toFixed(2),
        computed: sum.toFixed(2),
      });
    i = j - 1;
  }
  return failures;
}

/** "Total …" lines: the amounts since the table's header (a line without an amount above a run) add up to it. */
export function totalFailures(page: string): FootingFailure[] {
  const failures: FootingFailure[] = [];
  let parts: Decimal[] = [];
  for (const line of page.split('\n')) {
    const amount = firstAmount(line);
    if (amount === null) {
      if (/^(Particulars|Asset class|Result)\b/.test(line.trim())) parts = [];
      continue;
    }
    const name = label(line);
    if (/^Total (fair|liquidation|realisable) value of assets/.test(name)) {
      const sum = parts.reduce((s, p) => s.plus(p), new Decimal(0));
      if (parts.length > 1 && !sum.eq(amount))
        failures.push({ what: name, printed: amount.toFixed(2), computed: sum.toFixed(2) });
      parts = [];
    } else parts.push(amount);
  }
  return failures;
}

/**
 * The discount table: value × (1 − d %) = after discounts, after × weight = weighted, each half-up to the paisa.
 * `checked` counts the rows read, so a test can tell an empty result from a table that was never found.
 */
export function discountRows(text: string): { failures: FootingFailure[]; checked: number } {
  const failures: FootingFailure[] = [];
  let checked = 0;
  const rows = text.matchAll(
    /₹(\d[\d,]*\.\d{2}) (?:marketability|control)[^₹]*?(\d+(?:\.\d+)?)%[^₹]*?₹(\d[\d,]*\.\d{2}) (\d+(?:\.\d+)?)% ₹(\d[\d,]*\.\d{2})/g,
  );
  const n = (s: string) => new Decimal(s.replace(/,/g, ''));
  for (const [, value, percent, after, weight, weighted] of rows) {
    checked++;
    const expected = n(value)
      .times(new Decimal(1).minus(n(percent).div(100)))
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (!expected.eq(n(after)))
      failures.push({ what: `₹${value} × (1 − ${percent}%)`, printed: after, computed: expected.toFixed(2) });
    const w = n(after).times(n(weight)).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (!w.eq(n(weighted)))
      failures.push({ what: `₹${after} × ${weight}%`, printed: weighted, computed: w.toFixed(2) });
  }
  return { failures, checked };
}

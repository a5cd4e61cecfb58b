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
 * The discount table: value × (1 − d %) = after discounts, after × weight = weighted. Each printed figure is computed
 * from the exact figures and rounded once to the paisa (docs/reports.md, Figures and rounding), so a product holds on
 * the printed figures within their rounding: half a paisa on the result, plus half a paisa of each printed input
 * times what it is multiplied by. `checked` counts the rows read, so a test can tell an empty result from a table
 * that was never found.
 */
export function discountRows(text: string): { failures: FootingFailure[]; checked: number } {
  const failures: FootingFailure[] = [];
  let checked = 0;
  const rows = text.matchAll(
    /₹(\d[\d,]*\.\d{2}) (?:marketability|control)[^₹]*?(\d+(?:\.\d+)?)%[^₹]*?₹(\d[\d,]*\.\d{2}) (\d+(?:\.\d+)?)% ₹(\d[\d,]*\.\d{2})/g,
  );
  const n = (s: string) => new Decimal(s.replace(/,/g, ''));
  const half = new Decimal(0.005);
  const within = (printed: Decimal, exact: Decimal, multiplier: Decimal) =>
    printed
      .minus(exact)
      .abs()
      .lte(half.plus(half.times(multiplier)));
  for (const [, value, percent, after, weight, weighted] of rows) {
    checked++;
    const factor = new Decimal(1).minus(n(percent).div(100));
    const expected = n(value).times(factor);
    if (!within(n(after), expected, factor))
      failures.push({ what: `₹${value} × (1 − ${percent}%)`, printed: after, computed: expected.toFixed(4) });
    const share = n(weight).div(100);
    const w = n(after).times(share);
    if (!within(n(weighted), w, share))
      failures.push({ what: `₹${after} × ${weight}%`, printed: weighted, computed: w.toFixed(4) });
  }
  return { failures, checked };
}

const RUPEES_IN: Record<string, number> = { lakh: 100_000, crore: 10_000_000 };
const figure = (s: string) => new Decimal(s.replace(/,/g, '').replace('−', '-'));

/**
 * Every per-share figure against the equity value and the share count printed on its row (docs/reports.md, Figures
 * and rounding): the computation table's "equity  shares basic|fully diluted  ₹per share" rows, and the methods'
 * "Equity value / Equity shares (basis) / Value per equity share, basis" triples. The printed per-share figure must
 * equal printed equity ÷ printed shares within what the printing's rounding allows: half a paisa, plus half a unit
 * of the equity's last printed digit spread over the shares.
 */
export function perShareFailures(text: string): { failures: FootingFailure[]; rows: number } {
  const failures: FootingFailure[] = [];
  let rows = 0;
  let unit = 100_000;
  const lines = text.split('\n');
  const check = (equity: string, shares: string, perShare: string, what: string) => {
    rows++;
    const count = figure(shares);
    const computed = figure(equity).times(unit).div(count);
    const allowed = new Decimal(0.005).plus(new Decimal(0.005).times(unit).div(count));
    if (computed.minus(figure(perShare)).abs().gt(allowed))
      failures.push({ what, printed: perShare, computed: computed.toFixed(4) });
  };
  lines.forEach((line, i) => {
    const u = /₹ (lakh|crore)/.exec(line);
    if (u) unit = RUPEES_IN[u[1]];
    const row = /\s(−?[\d,]+\.\d{2})\s+([\d,]+) (basic|fully diluted)\s+₹([\d,]+\.\d{2})\s*$/.exec(line);
    if (row) check(row[1], row[2], row[4], line.trim());
    const shares = /^\s*Equity shares \((basic|fully diluted)\)\s+([\d,]+)\s*$/.exec(line);
    if (!shares) return;
    const near = (re: RegExp, from: number, to: number) => {
      let found: RegExpExecArray | null = null;
      for (const l of lines.slice(Math.max(0, from), to)) found = re.exec(l) ?? found;
      return found;
    };
    const equity = near(/^\s*(?:Fully diluted equity value|Equity value)\b.*?\s(−?[\d,]+\.\d{2})\s*$/, i - 3, i);
    const per = near(/^\s*Value per equity share, (?:basic|fully diluted).*?₹([\d,]+\.\d{2})\s*$/, i + 1, i + 4);
    if (equity && per) check(equity[1], shares[2], per[1], `${line.trim()} (${shares[1]})`);
    else
      failures.push({ what: `no equity value or per-share figure around "${line.trim()}"`, printed: '', computed: '' });
  });
  return { failures, rows };
}

/**
 * The discounted cash flow's year table: the "Present value of FCFF" row's printed amounts, any "Rounding
 * difference" and the printed "Sum of present values of FCFF" under it. Null where the report tables no DCF years.
 */
export function presentValueFooting(
  text: string,
): { parts: Decimal; rounding: Decimal; total: Decimal; printedRoundingLine: boolean } | null {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => /^\s*Present value of FCFF(\s+−?[\d,]+\.\d{2}){2,}\s*$/.test(l));
  if (start < 0) return null;
  const amounts = (l: string) => [...l.matchAll(/(−?[\d,]+\.\d{2})/g)].map((m) => figure(m[1]));
  const parts = amounts(lines[start]).reduce((s, x) => s.plus(x), new Decimal(0));
  const after = lines.slice(start + 1, start + 20); // memo rows of losses may come between
  const roundingLine = after.find((l) => /^\s*Rounding difference\s/.test(l));
  const totalLine = after.find((l) => /^\s*Sum of present values of FCFF\s/.test(l));
  if (!totalLine) throw new Error(`no printed sum under the present values: ${after.join('\n')}`);
  return {
    parts,
    rounding: roundingLine ? amounts(roundingLine)[0] : new Decimal(0),
    total: amounts(totalLine)[0],
    printedRoundingLine: roundingLine !== undefined,
  };
}

/**
 * The workpapers' formulas computed once when the file is written, so that every formula cell carries its
 * cached value (docs/reports.md, Figures and rounding): a reader that does not recalculate (a viewer, a
 * preview, a mail client) shows the figure, not a blank. Where the engine gave a formula's figure it stays
 * the cached value; every other formula is computed here from the cells it names, as a spreadsheet would.
 * The grammar is the one the workpapers write: numbers, strings, cell references and ranges (on the formula's
 * own sheet, Sheet!$B$7 or 'Sheet name'!$B$7), + − × ÷ ^ &, comparisons, and the functions below.
 */
import type ExcelJS from 'exceljs';

type Scalar = number | string | boolean;
type Result = Scalar | Scalar[];

class FormulaError extends Error {}

const TOKEN =
  /\s*(?:(\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|"((?:[^"]|"")*)"|((?:(?:[A-Za-z_][A-Za-z0-9_]*|'(?:[^']|'')+')!)?\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)(?![A-Za-z0-9_(])|([A-Za-z_][A-Za-z0-9_.]*)\(|(<>|<=|>=|[-+*/^&=<>(),]))/y;

interface Token {
  kind: 'num' | 'str' | 'ref' | 'fn' | 'op';
  text: string;
}

function tokens(formula: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < formula.length) {
    if (/^\s*$/.test(formula.slice(TOKEN.lastIndex))) break;
    const m = TOKEN.exec(formula);
    if (!m) throw new FormulaError(`cannot read ${formula}`);
    if (m[1] !== undefined) out.push({ kind: 'num', text: m[1] });
    else if (m[2] !== undefined) out.push({ kind: 'str', text: m[2].replace(/""/g, '"') });
    else if (m[3] !== undefined) out.push({ kind: 'ref', text: m[3] });
    else if (m[4] !== undefined) out.push({ kind: 'fn', text: m[4].replace(/^_xlfn\./, '').toUpperCase() });
    else out.push({ kind: 'op', text: m[5] });
  }
  return out;
}

const num = (x: Scalar): number => {
  if (typeof x === 'number') return x;
  if (typeof x === 'boolean') return x ? 1 : 0;
  if (x === '') return 0;
  const n = Number(x);
  if (!Number.isFinite(n)) throw new FormulaError(`not a number: ${x}`);
  return n;
};
/** What SUM, AVERAGE and the like take: numbers only (text and empty cells in a range are skipped). */
const numbers = (args: Result[]): number[] =>
  args.flatMap((a) => (Array.isArray(a) ? a.filter((x): x is number => typeof x === 'number') : [num(a)]));
const one = (x: Result): Scalar => (Array.isArray(x) ? (x[0] ?? 0) : x);
/** Arithmetic element by element where an operand is a range (as inside SUMPRODUCT), else on the two figures. */
function elementwise(a: Result, b: Result, op: (x: number, y: number) => number): Result {
  if (!Array.isArray(a) && !Array.isArray(b)) return op(num(a), num(b));
  const xs = Array.isArray(a) ? a : null;
  const ys = Array.isArray(b) ? b : null;
  const n = Math.max(xs?.length ?? 0, ys?.length ?? 0);
  return Array.from({ length: n }, (_, i) => op(num(xs ? xs[i] : (a as Scalar)), num(ys ? ys[i] : (b as Scalar))));
}
const divide = (x: number, y: number) => {
  if (y === 0) throw new FormulaError('#DIV/0!');
  return x / y;
};

function percentileInc(xs: number[], k: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  if (sorted.length === 0 || k < 0 || k > 1) throw new FormulaError('PERCENTILE.INC out of range');
  const h = (sorted.length - 1) * k;
  const lo = Math.floor(h);
  return sorted[lo] + (h - lo) * ((sorted[lo + 1] ?? sorted[lo]) - sorted[lo]);
}

const FUNCTIONS: Record<string, (args: Result[]) => Scalar> = {
  SUM: (a) => numbers(a).reduce((s, x) => s + x, 0),
  AVERAGE: (a) => {
    const xs = numbers(a);
    if (xs.length === 0) throw new FormulaError('AVERAGE of nothing');
    return xs.reduce((s, x) => s + x, 0) / xs.length;
  },
  MAX: (a) => Math.max(...numbers(a)),
  MIN: (a) => Math.min(...numbers(a)),
  MEDIAN: (a) => percentileInc(numbers(a), 0.5),
  'PERCENTILE.INC': (a) => percentileInc(numbers([a[0]]), num(one(a[1]))),
  SMALL: (a) => {
    const xs = numbers([a[0]]).sort((x, y) => x - y);
    const k = num(one(a[1]));
    if (k < 1 || k > xs.length) throw new FormulaError('SMALL out of range');
    return xs[k - 1];
  },
  ROUND: (a) => {
    const digits = num(one(a[1]));
    const x = num(one(a[0]));
    const f = 10 ** digits;
    // Half away from zero, as a spreadsheet rounds, on the figure as printed to 12 places.
    return (Math.sign(x) * Math.round(Number((Math.abs(x) * f).toFixed(9)))) / f;
  },
  ABS: (a) => Math.abs(num(one(a[0]))),
  OR: (a) => a.flatMap((x) => (Array.isArray(x) ? x : [x])).some((x) => num(x) !== 0),
  AND: (a) => a.flatMap((x) => (Array.isArray(x) ? x : [x])).every((x) => num(x) !== 0),
  SUMPRODUCT: (a) => {
    const arrays = a.map((x) => (Array.isArray(x) ? x : [x]));
    return arrays[0].reduce<number>(
      (s, _, i) => s + arrays.reduce((p, arr) => p * (typeof arr[i] === 'number' ? (arr[i] as number) : 0), 1),
      0,
    );
  },
};

export class WorkbookEvaluator {
  private readonly memo = new Map<string, Scalar>();
  private readonly busy = new Set<string>();

  constructor(private readonly wb: ExcelJS.Workbook) {}

  /** Fills the cached value of every formula cell that has none; returns how many were filled. */
  fillCachedValues(): number {
    let filled = 0;
    this.wb.eachSheet((ws) =>
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          const v = cell.value as ExcelJS.CellFormulaValue | null;
          // exceljs's `value` drops a cached 0 or "" (only `cell.result` keeps it): a formula has none only when that is undefined.
          if (!v || typeof v !== 'object' || !('formula' in v) || cell.result !== undefined) return;
          let value: Scalar;
          try {
            value = this.cell(ws.name, Number(cell.row), Number(cell.col));
          } catch (e) {
            // A formula this grammar does not read stays without a cached value (the workbook test finds it).
            if (e instanceof FormulaError) return;
            throw e;
          }
          cell.value = { formula: v.formula, result: typeof value === 'boolean' ? Number(value) : value };
          filled++;
        }),
      ),
    );
    return filled;
  }

  private cell(sheet: string, row: number, col: number): Scalar {
    const key = `${sheet}!${row},${col}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    if (this.busy.has(key)) throw new FormulaError(`circular reference at ${key}`);
    const ws = this.wb.getWorksheet(sheet);
    if (!ws) throw new FormulaError(`no sheet ${sheet}`);
    const v = ws.getCell(row, col).value as unknown;
    let value: Scalar;
    if (v === null || v === undefined) value = '';
    else if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') value = v;
    else if (typeof v === 'object' && 'formula' in v) {
      this.busy.add(key);
      try {
        value = this.formula((v as { formula: string }).formula, sheet);
      } finally {
        this.busy.delete(key);
      }
    } else value = '';
    this.memo.set(key, value);
    return value;
  }

  formula(formula: string, sheet: string): Scalar {
    const ts = tokens(formula);
    let i = 0;
    const peek = () => ts[i];
    const take = (text?: string) => {
      const t = ts[i++];
      if (!t || (text !== undefined && t.text !== text)) throw new FormulaError(`expected ${text} in ${formula}`);
      return t;
    };
    const isOp = (...ops: string[]) => peek()?.kind === 'op' && ops.includes(peek().text);

    const comparison = (): Result => {
      let left = concat();
      while (isOp('=', '<>', '<', '>', '<=', '>=')) {
        const op = take().text;
        const a = one(left);
        const b = one(concat());
        const [x, y] = typeof a === 'string' || typeof b === 'string' ? [String(a), String(b)] : [num(a), num(b)];
        left = { '=': x === y, '<>': x !== y, '<': x < y, '>': x > y, '<=': x <= y, '>=': x >= y }[op]!;
      }
      return left;
    };
    const concat = (): Result => {
      let left = additive();
      while (isOp('&')) {
        take();
        left = `${String(one(left))}${String(one(additive()))}`;
      }
      return left;
    };
    const additive = (): Result => {
      let left = multiplicative();
      while (isOp('+', '-')) {
        const op = take().text;
        const right = multiplicative();
        left = elementwise(left, right, op === '+' ? (x, y) => x + y : (x, y) => x - y);
      }
      return left;
    };
    const multiplicative = (): Result => {
      let left = power();
      while (isOp('*', '/')) {
        const op = take().text;
        const right = power();
        left = elementwise(left, right, op === '*' ? (x, y) => x * y : divide);
      }
      return left;
    };
    const power = (): Result => {
      let left = unary();
      while (isOp('^')) {
        take();
        left = elementwise(left, unary(), (x, y) => x ** y);
      }
      return left;
    };
    // A sign binds tighter than ^ in a spreadsheet: -2^2 is 4.
    const unary = (): Result => {
      if (isOp('-')) {
        take();
        return elementwise(-1, unary(), (x, y) => x * y);
      }
      if (isOp('+')) {
        take();
        return elementwise(1, unary(), (x, y) => x * y);
      }
      return primary();
    };
    const primary = (): Result => {
      const t = take();
      if (t.kind === 'num') return Number(t.text);
      if (t.kind === 'str') return t.text;
      if (t.kind === 'ref') return this.reference(t.text, sheet);
      if (t.kind === 'fn') {
        const args: Result[] = [];
        if (!isOp(')')) {
          args.push(comparison());
          while (isOp(',')) {
            take();
            args.push(comparison());
          }
        }
        take(')');
        if (t.text === 'IF') return num(one(args[0])) !== 0 ? one(args[1] ?? true) : one(args[2] ?? false);
        const fn = FUNCTIONS[t.text];
        if (!fn) throw new FormulaError(`function ${t.text} is not computed here`);
        return fn(args);
      }
      if (t.text === '(') {
        const inner = comparison();
        take(')');
        return inner;
      }
      throw new FormulaError(`unexpected ${t.text} in ${formula}`);
    };

    const result = comparison();
    if (i !== ts.length) throw new FormulaError(`trailing text in ${formula}`);
    return one(result);
  }

  private reference(text: string, sheet: string): Result {
    const bang = text.lastIndexOf('!');
    const quoted = bang >= 0 ? text.slice(0, bang) : sheet;
    // A quoted sheet name ('Discounted cash flow'!$B$5) doubles any quote inside it.
    const onSheet = /^'.*'$/.test(quoted) ? quoted.slice(1, -1).replace(/''/g, "'") : quoted;
    const range = bang >= 0 ? text.slice(bang + 1) : text;
    const [from, to] = range.replace(/\$/g, '').split(':');
    const at = (a: string) => {
      const m = /^([A-Z]+)(\d+)$/.exec(a)!;
      return { col: m[1].split('').reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0), row: Number(m[2]) };
    };
    const a = at(from);
    if (to === undefined) return this.cell(onSheet, a.row, a.col);
    const b = at(to);
    const out: Scalar[] = [];
    for (let r = Math.min(a.row, b.row); r <= Math.max(a.row, b.row); r++)
      for (let c = Math.min(a.col, b.col); c <= Math.max(a.col, b.col); c++) out.push(this.cell(onSheet, r, c));
    return out;
  }
}

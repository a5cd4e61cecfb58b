/**
 * Live workpapers: an XLSX in which every computed cell is an Excel formula over
 * the input cells, with the engine's figure as its cached value, so a reviewer can trace and re-run
 * each figure. Sheets, in the valuer's words (SHEET_NAME, cells.ts): Inputs, one per method, Sensitivity and Summary. Workbook-level names: WACC, TerminalGrowth, StubFraction, RiskFreeRate and Ke (with a cost-of-capital build-up), EnterpriseValue_DCF, EquityValue_DCF,
 * ValuePerShare_<METHOD> for every method with formulas, ValuePerShare_Concluded when a value concludes.
 * The Comparable companies sheet lists each peer's multiples; the medians and implied values are formulas over them.
 * Each sheet is its own module here; cells.ts is the toolkit they share.
 */
import ExcelJS from 'exceljs';
import type { MethodResult, ValuationResult } from '../../domain/valuation/types.js';
import type { KnownFigures } from './cells.js';
import type { WorkbookContext, WorkpaperInput } from './context.js';
import { writeInputs } from './inputs.js';
import { writeDcf } from './dcf.js';
import { writeSensitivity } from './sensitivity.js';
import { writeStatutoryNav } from './nav-rule.js';
import { writeBookNav } from './nav-book.js';
import { writeComparables } from './comparables.js';
import { writeTransactions } from './transactions.js';
import { writeRecentRound } from './recent-round.js';
import { writeIbc } from './ibc.js';
import { writeSummary } from './summary.js';
import { WorkbookEvaluator } from './evaluate.js';
import { statutoryValuation } from '../statutory-view.js';

export { colName, withFuturePrefix } from './cells.js';
export type { WorkpaperInput } from './context.js';

export async function buildWorkpapers(input: WorkpaperInput): Promise<Buffer> {
  const { financials: f } = input;
  // Only what the statute allows: a transfer on the prescribed NAV has no DCF, sensitivity or WACC here either.
  const v = withoutLeftOutMethods(statutoryValuation(input.valuation));
  const wb = new ExcelJS.Workbook();
  const known: KnownFigures = new Map();
  wb.creator = 'Valuation Service';
  wb.created = new Date(0);
  const names: [string, string][] = [];
  const ctx: WorkbookContext = {
    wb,
    known,
    input,
    f,
    v,
    name: (n, address) => {
      if (!names.some(([existing]) => existing === n)) names.push([n, address]);
    },
    method: (code: MethodResult['method']) => v.methods.find((m) => m.method === code),
    values: {},
  };

  const cells = writeInputs(ctx);
  const dcf = writeDcf(ctx, cells);
  if (dcf) writeSensitivity(ctx, cells, dcf);
  writeStatutoryNav(ctx, cells);
  writeBookNav(ctx, cells);
  writeComparables(ctx, cells);
  writeTransactions(ctx, cells);
  writeRecentRound(ctx);
  writeIbc(ctx, cells);
  writeSummary(ctx, cells);
  // Every formula cell carries its figure, so a reader that does not recalculate shows it (docs/reports.md).
  new WorkbookEvaluator(wb).fillCachedValues();

  for (const [n, address] of names) wb.definedNames.add(address, n);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * The valuation as the workpapers show it: a method weighed at nil in the conclusion is left out, so it
 * leaves no sheet, Summary row, name or formula of its own (and a DCF left out no stub fraction or
 * Sensitivity sheet) (docs/valuation-method.md, Workpapers).
 */
export function withoutLeftOutMethods(v: ValuationResult): ValuationResult {
  const leftOut = new Set(
    (v.conclusion.weights ?? []).filter((w) => Number(w.weightPercent) === 0).map((w) => w.method),
  );
  return leftOut.size === 0 ? v : { ...v, methods: v.methods.filter((m) => !leftOut.has(m.method)) };
}

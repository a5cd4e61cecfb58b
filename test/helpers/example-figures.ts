// Checks of the examples' figures, registered by the examples test on the examples it made (made once for both,
// as making them is the slow part). The figures read as a partner reads them (docs/reports.md, Figures and rounding): every value per share
// is its row's printed equity value over its row's printed share count, basic or fully diluted; the discounted
// cash flow's present values foot to their printed sum or a rounding-difference line says by how much; and every
// formula cell of the workpapers carries a cached value, the one LibreOffice Calc computes from the formulas, under
// a row label in the valuer's words.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { Decimal } from 'decimal.js';
import type { MadeExample } from '../../scripts/examples/make.js';
import { perShareFailures, presentValueFooting } from './footing.js';
import { recalculatedInLibreOffice } from './libreoffice.js';

/** Registers the figure checks on the examples `made()` returns, written into `outDir()` (after the caller's `before` made them). */
export function figureChecks(made: () => MadeExample[], outDir: () => string): void {
  const layout = (path: string) =>
    execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', join(outDir(), path), '-'], { encoding: 'utf8' });

  test('every value per share is its printed equity value over its printed share count, on the basis its row names', () => {
    let checked = 0;
    for (const m of made()) {
      const { failures, rows } = perShareFailures(layout(m.files.report));
      checked += rows;
      assert.deepEqual(failures, [], m.slug);
    }
    // The computation tables and the methods' results of the Rule 11UA, s.62 and FEMA examples, basic and diluted.
    assert.ok(checked >= 12, `per-share rows read: ${checked}`);
    // The check can fail: a diluted value per share beside a basic equity value is found.
    const wrong = perShareFailures(
      [
        'Method   Enterprise value (₹ lakh)   Equity value (₹ lakh)   Equity shares (basic or fully diluted)   Per share (₹)',
        'Discounted cash flow        3,359.44        3,139.44        10,00,000 basic        ₹306.48',
      ].join('\n'),
    );
    assert.equal(wrong.rows, 1);
    assert.equal(wrong.failures.length, 1);
  });

  test("the discounted cash flow's present values foot to their printed sum, or a rounding-difference line follows", () => {
    let tables = 0;
    for (const m of made()) {
      const result = presentValueFooting(layout(m.files.report));
      if (!result) continue;
      tables++;
      assert.equal(result.parts.plus(result.rounding).toFixed(2), result.total.toFixed(2), m.slug);
      // A rounding line is printed exactly when the printed parts do not add up to the printed sum.
      assert.equal(result.rounding.isZero(), result.printedRoundingLine === false, m.slug);
    }
    assert.ok(tables >= 2, 'the s.62 and FEMA examples table the discounted cash flow by year');
  });

  const CODE_LABEL = /^[a-z]+[A-Z]\w*$|^[A-Z0-9_]{4,}$/;

  test("every formula cell of the workpapers carries the value LibreOffice computes, under a label in the valuer's words", async () => {
    let compared = 0;
    for (const m of made()) {
      const xlsx = readFileSync(join(outDir(), m.files.workpapers));
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx as unknown as ArrayBuffer);
      const recalculated = await recalculatedInLibreOffice(xlsx);
      wb.eachSheet((ws) => {
        const sheet = recalculated.get(ws.name);
        assert.ok(sheet, `${m.slug}: LibreOffice wrote sheet ${ws.name}`);
        ws.eachRow((row) =>
          row.eachCell((cell) => {
            const v = cell.value as unknown;
            if (Number(cell.col) === 1 && typeof v === 'string')
              assert.doesNotMatch(v.trim(), CODE_LABEL, `${m.slug} ${ws.name}!${cell.address}: a code, not a label`);
            if (!v || typeof v !== 'object' || !('formula' in v)) return;
            const { formula } = v as ExcelJS.CellFormulaValue;
            // `cell.result`, not the value's: exceljs's value drops a cached 0 or "".
            const result = cell.result as unknown;
            const where = `${m.slug} ${ws.name}!${cell.address} =${formula}`;
            assert.notEqual(result, undefined, `${where}: no cached value`);
            const theirs = sheet[Number(cell.row) - 1]?.[Number(cell.col) - 1] ?? '';
            if (typeof result === 'string') assert.equal(theirs, result, where);
            else
              assert.ok(
                sameFigure(Number(result), theirs),
                `${where}: cached ${String(result)}, LibreOffice ${theirs}`,
              );
            compared++;
          }),
        );
      });
    }
    assert.ok(compared >= 300, `formula cells compared: ${compared}`);
  });

  /** The same figure: to the paisa, or within a millionth where it is a factor or a rate. */
  function sameFigure(cached: number, libreOffice: string): boolean {
    if (!/^-?\d/.test(libreOffice)) return false;
    const a = new Decimal(cached);
    const b = new Decimal(libreOffice);
    const paisa = (x: Decimal) => x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    return paisa(a).eq(paisa(b)) || a.minus(b).abs().lte(Decimal.max(1, b.abs()).times(1e-9));
  }
}

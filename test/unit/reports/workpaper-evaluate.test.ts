// The workpapers' formulas computed when the file is written (docs/reports.md, Figures and rounding): the grammar
// the sheets use, computed as a spreadsheet computes it, and a cached 0 or "" kept as a value.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
// exceljs's own zip library, to read the sheet's XML as written.
import JSZip from 'jszip';
import { WorkbookEvaluator } from '../../../src/reports/workpapers/evaluate.js';

function book(cells: Record<string, ExcelJS.CellValue>): { wb: ExcelJS.Workbook; ws: ExcelJS.Worksheet } {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('DCF');
  for (const [address, value] of Object.entries(cells)) ws.getCell(address).value = value;
  return { wb, ws };
}

test('operators, precedence, ranges and the functions the sheets use, as a spreadsheet computes them', () => {
  const { wb } = book({ B1: 2, C1: 3, D1: 5, B2: 1, C2: 2, D2: 3 });
  const e = new WorkbookEvaluator(wb);
  const f = (formula: string) => e.formula(formula, 'DCF');
  assert.equal(f('-2^2'), 4, 'a sign binds tighter than ^');
  assert.equal(f('1+2*3^2/9'), 3);
  assert.equal(f('SUM(B1:D1)'), 10);
  assert.equal(f('SUMPRODUCT(DCF!$B$1:$D$1/(1+0)^DCF!$B$2:$D$2)'), 10, 'arithmetic element by element');
  assert.equal(f('SUMPRODUCT(B1:D1*B2:D2)'), 2 + 6 + 15);
  assert.equal(f('IF(OR(B1>=C1,C1<=0),"",B1/C1)'), 2 / 3);
  assert.equal(f('IF(B1<C1,"","x")'), '');
  assert.equal(f('_xlfn.PERCENTILE.INC(B1:D1,0.25)'), 2.5);
  assert.equal(f('MEDIAN(B1:D1)'), 3);
  assert.equal(f('SMALL(B1:D1,2)'), 3);
  assert.equal(f('ROUND(2.345,2)'), 2.35);
  assert.equal(f('MAX(0,B1-D1)*AVERAGE(B1,C1)'), 0);
  assert.throws(() => f('NPV(0.1,B1:D1)'), /not computed here/);
});

test('every formula cell gets its cached value; a 0 or "" is kept; one the grammar cannot read is left without', async () => {
  const { wb, ws } = book({
    B1: 4,
    B2: { formula: 'B1-4' } as ExcelJS.CellFormulaValue,
    B3: { formula: 'IF(B2=0,"",1)' } as ExcelJS.CellFormulaValue,
    B4: { formula: 'B1*2', result: 8 } as ExcelJS.CellFormulaValue,
    B5: { formula: 'NPV(0.1,B1)' } as ExcelJS.CellFormulaValue,
  });
  assert.equal(new WorkbookEvaluator(wb).fillCachedValues(), 2);
  const back = new ExcelJS.Workbook();
  const buffer = (await wb.xlsx.writeBuffer()) as ArrayBuffer;
  await back.xlsx.load(buffer);
  const read = back.getWorksheet('DCF')!;
  assert.equal(read.getCell('B2').result, 0);
  // exceljs reads an empty cached string back as none; the file holds it: a text result, empty.
  const xml = await (await JSZip.loadAsync(buffer)).file('xl/worksheets/sheet1.xml')!.async('string');
  assert.match(xml, /<c r="B3"[^>]* t="str"><f>[^<]*<\/f><v><\/v><\/c>/);
  assert.equal(read.getCell('B4').result, 8, "the engine's figure stays");
  assert.equal(read.getCell('B5').result, undefined);
  assert.equal(ws.getCell('B2').result, 0);
});

test("a quoted sheet name ('Discounted cash flow'!$B$1) is read, a doubled quote inside it too", () => {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Discounted cash flow').getCell('B1').value = 21;
  wb.addWorksheet("Valuer's notes").getCell('A1').value = 2;
  const sum = wb.addWorksheet('Summary');
  sum.getCell('A1').value = { formula: "'Discounted cash flow'!$B$1*'Valuer''s notes'!A1" } as ExcelJS.CellFormulaValue;
  assert.equal(new WorkbookEvaluator(wb).fillCachedValues(), 1);
  assert.equal((sum.getCell('A1').value as ExcelJS.CellFormulaValue).result, 42);
});

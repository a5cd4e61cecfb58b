// Workpapers show only what was computed (docs/valuation-method.md, Workpapers): a method left out — weighed
// at nil by the valuer, or omitted by the engine — leaves no sheet, Summary row, name, stub fraction or
// formula of its own. Read back from the served XLSX and recalculated.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import {
  CAPM_LOCK,
  fixture,
  lockedAndValued,
  twoYearsEarlier,
  valuationOf,
  withFinancials,
} from '../../helpers/engagements.js';
import { recalculate } from '../../helpers/workbook.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

/** The served workpapers: every sheet's cells as text (a formula as "=…"), and the recalculated workbook. */
async function workpapers(id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${id}/valuation/workpapers.xlsx`,
    headers: bearer,
  });
  assert.equal(res.statusCode, 200, res.body);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value as unknown;
        cells.push(v && typeof v === 'object' && 'formula' in v ? `=${(v as { formula: string }).formula}` : String(v));
      }),
    ),
  );
  const sheets: string[] = [];
  wb.eachSheet((ws) => sheets.push(ws.name));
  return { sheets, cells, recalculated: await recalculate(res.rawPayload) };
}

test('s.62 with the DCF weighed at nil: no DCF or Sensitivity sheet, no stub fraction, no DCF row or name; the NAV concludes', async () => {
  const e = await withFinancials(
    t,
    bearer,
    { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined },
    fixture('sample-company.json'),
  );
  await lockedAndValued(t, bearer, e.id, {
    ...CAPM_LOCK,
    methodWeights: { NAV: 100, DCF: 0 },
    weightsRationale: 'An asset-holding company: the book net assets alone carry the value.',
  });
  const v = await valuationOf(t, bearer, e.id);
  assert.ok(
    v.methods.some((m: { method: string }) => m.method === 'DCF'),
    'the engine still shows the DCF',
  );
  const wp = await workpapers(e.id);
  assert.deepEqual(wp.sheets, ['Inputs', 'Net asset value', 'Summary']);
  assert.ok(
    !wp.cells.some((c) => /Stub fraction|StubFraction|DCF|FCFF|Sensitivity/.test(c)),
    wp.cells.filter((c) => /DCF|Stub/.test(c)).join(' | '),
  );
  const names = [...wp.recalculated.names.keys()];
  assert.ok(!names.some((n) => /DCF|Stub/.test(n)), names.join(', '));
  assert.equal(Number(wp.recalculated.value('ValuePerShare_Concluded')).toFixed(2), v.conclusion.valuePerShare);
});

test('Rule 11UA on NAV with projections whose first year has ended: the DCF is omitted and no −1/365 stub is written', async () => {
  // Balance sheet of 31 March 2024, projections FY2025–FY2029; a transfer on 1 April 2025: FY2025 ended the day before.
  const e = await withFinancials(
    t,
    bearer,
    {
      statute: 'RULE_11UA',
      purpose: 'TRANSFER_OR_RECEIPT',
      valuationDate: '2025-04-01',
      transactionDate: '2025-04-01',
    },
    twoYearsEarlier(fixture('sample-company.json')),
  );
  await lockedAndValued(t, bearer, e.id, CAPM_LOCK);
  const v = await valuationOf(t, bearer, e.id);
  assert.ok(!v.methods.some((m: { method: string }) => m.method === 'DCF'));
  assert.ok(v.warnings.some((w: { code: string }) => w.code === 'DCF_OMITTED_PROJECTIONS_NOT_FROM_VALUATION_DATE'));
  const wp = await workpapers(e.id);
  assert.ok(!wp.sheets.includes('Discounted cash flow') && !wp.sheets.includes('Sensitivity'), wp.sheets.join(', '));
  assert.ok(!wp.cells.some((c) => /Stub fraction|-1\/365/.test(c)), 'no stub fraction of the omitted DCF');
  assert.ok(!wp.recalculated.names.has('StubFraction'));
  assert.equal(Number(wp.recalculated.value('ValuePerShare_Concluded')).toFixed(2), v.conclusion.valuePerShare);
});

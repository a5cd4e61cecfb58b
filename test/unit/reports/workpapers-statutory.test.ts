/**
 * Only what the statute allows, in the workpapers as in the report (docs/reports.md, Only what the statute allows):
 * a transfer valued on the prescribed NAV carries no discounted cash flow, sensitivity, WACC, growth or projections,
 * and every sheet name and row label is in the valuer's words, not a code.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ExcelJS from 'exceljs';
import { parseFinancials } from '../../../src/domain/financials/normalise.js';
import { buildWorkpapers } from '../../../src/reports/workpapers/index.js';
import { valuationFor } from '../../fixtures/sample-report.js';
import { readFileSync } from 'node:fs';

/** A code identifier: SCREAMING_SNAKE (or a bare capitalised code of four or more) or camelCase. */
export const CODE_IDENTIFIER = /^[A-Z0-9_]+$|^[a-z]+[A-Z][A-Za-z0-9]*$/;

async function workbook(statute: 'RULE_11UA' | 'COMPANIES_ACT_SEC_62', purpose: 'TRANSFER_OR_RECEIPT' | null) {
  const document = JSON.parse(
    readFileSync(new URL('../../fixtures/financials/sample-company.json', import.meta.url), 'utf8'),
  );
  const parsed = parseFinancials(document);
  assert.ok(parsed.ok);
  const valuation = valuationFor(statute, purpose);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    (await buildWorkpapers({
      targetEntity: 'Sahyadri Precision Components Private Limited',
      financials: parsed.financials,
      valuation,
    })) as unknown as ArrayBuffer,
  );
  return { wb, valuation };
}

/** Every label in column A of every sheet. */
function labels(wb: ExcelJS.Workbook): string[] {
  const out: string[] = [];
  wb.eachSheet((ws) =>
    ws.getColumn(1).eachCell((c) => {
      if (typeof c.value === 'string') out.push(c.value);
    }),
  );
  return out;
}

test('a Rule 11UA transfer on the prescribed NAV: no DCF, Sensitivity, WACC, growth or projection in its workpapers', async () => {
  const { wb, valuation } = await workbook('RULE_11UA', 'TRANSFER_OR_RECEIPT');
  // The engine still computes the DCF (the API keeps it); the workpapers, like the report, leave it out.
  assert.ok(
    valuation.methods.some((m) => m.method === 'DCF'),
    'the API valuation keeps its DCF',
  );
  const sheets = wb.worksheets.map((ws) => ws.name);
  assert.deepEqual(sheets, ['Inputs', 'NAV Rule 11UA(1)(c)(b)', 'Summary']);
  const all = labels(wb).join('\n');
  assert.doesNotMatch(all, /WACC|cost of capital|terminal growth|discounted cash flow|sensitivity|projection/i);
  const names = (wb.definedNames as unknown as { model: { name: string }[] }).model.map((n) => n.name);
  for (const n of names) assert.doesNotMatch(n, /WACC|TerminalGrowth|DCF|StubFraction|Ke|RiskFreeRate/, n);
});

test("every sheet name and row label of the workpapers is in the valuer's words, not a code", async () => {
  for (const [statute, purpose] of [
    ['RULE_11UA', 'TRANSFER_OR_RECEIPT'],
    ['COMPANIES_ACT_SEC_62', null],
  ] as const) {
    const { wb } = await workbook(statute, purpose);
    for (const ws of wb.worksheets) assert.doesNotMatch(ws.name, CODE_IDENTIFIER, `${statute}: sheet ${ws.name}`);
    for (const label of labels(wb)) {
      assert.doesNotMatch(label.trim(), CODE_IDENTIFIER, `${statute}: row label ${label}`);
      assert.doesNotMatch(label, /\b[A-Z]+(_[A-Z0-9]+)+\b/, `${statute}: a code in ${label}`);
      assert.doesNotMatch(label, /\b\d{4}-\d{2}-\d{2}\b/, `${statute}: a date as the API writes it in ${label}`);
    }
  }
});

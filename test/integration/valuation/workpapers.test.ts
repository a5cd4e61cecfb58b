import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decimal } from 'decimal.js';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import {
  createEngagement,
  fixture,
  lock,
  sourced,
  uploadFixture,
  valuationOf,
  PROJECTIONS_NOTE,
} from '../../helpers/engagements.js';
import { CAPM_LOCK, CAPM_RATIONALE, lockedAndValued, withFinancials } from '../../helpers/engagements.js';
import { recalculate, recalculatedWorkpapers } from '../../helpers/workbook.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

// The first two tests lock at WACC 12.5 % and growth 5 %.
const RATES = {
  wacc: 12.5,
  terminalGrowthRate: 5,
  rationale: CAPM_RATIONALE,
  projectionsReasonableness: PROJECTIONS_NOTE,
};

const paisa = (x: unknown) => new Decimal(x as number).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

test("GET valuation/workpapers.xlsx: recalculated formulas give the API's figures; WACC + 1 point gives the grid cell", async () => {
  const e = await createEngagement(t, bearer, { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  const url = `/api/v1/engagements/${e.id}/valuation/workpapers.xlsx`;
  const early = await t.app.inject({ method: 'GET', url, headers: bearer });
  assert.equal(early.statusCode, 409);
  assert.equal(early.json().code, 'valuation_not_ready');
  await uploadFixture(t, bearer, e.id);
  await t.worker.drain();
  await lock(t, bearer, e.id, {
    ...RATES,
    methodWeights: { DCF: 60, NAV: 40 },
    weightsRationale: 'Going concern: the income approach leads the cost approach.',
    dlomPercent: 12.5,
    dlomRationale: 'Unlisted minority stake with no exit route within five years.',
  });
  await t.worker.drain();
  const res = await t.app.inject({ method: 'GET', url, headers: bearer });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  assert.match(String(res.headers['content-disposition']), /workpapers-Sample-Manufacturing-Pvt-Ltd\.xlsx/);
  const v = await valuationOf(t, bearer, e.id);
  const wb = await recalculate(res.rawPayload);
  for (const name of [
    'WACC',
    'TerminalGrowth',
    'EnterpriseValue_DCF',
    'EquityValue_DCF',
    'ValuePerShare_DCF',
    'ValuePerShare_NAV',
    'ValuePerShare_Concluded',
  ]) {
    assert.ok(wb.names.has(name), name);
  }
  const dcf = v.methods.find((m: { method: string }) => m.method === 'DCF');
  assert.equal(paisa(wb.value('EnterpriseValue_DCF')), dcf.enterpriseValue);
  assert.equal(paisa(wb.value('EquityValue_DCF')), dcf.equityValue);
  assert.equal(paisa(wb.value('ValuePerShare_DCF')), dcf.valuePerShare);
  assert.equal(
    paisa(wb.value('ValuePerShare_NAV')),
    v.methods.find((m: { method: string }) => m.method === 'NAV').valuePerShare,
  );
  assert.equal(paisa(wb.value('ValuePerShare_Concluded')), v.conclusion.valuePerShare);
  wb.set('WACC', 13.5);
  assert.equal(v.sensitivity.waccValues[4], '13.5');
  assert.equal(paisa(wb.value('ValuePerShare_DCF')), v.sensitivity.grid[4][2]);
});

test("the COMPARABLES sheet lists each peer's multiples; the medians and the value per share are formulas that recalculate to the engine's", async () => {
  const peers = [
    { name: 'Alpha Forgings Ltd', evToEbitda: 9.5, evToRevenue: 1.4, peRatio: 18.2, priceToBook: 2.1 },
    { name: 'Beta Castings Ltd', evToEbitda: 11.25, evToRevenue: 1.9, priceToBook: 2.8 },
    { name: 'Gamma Precision Ltd', evToEbitda: 8.75, evToRevenue: 1.1, peRatio: 15.4, priceToBook: 1.7 },
  ];
  const financials = { ...fixture('sample-company.json'), peers, comparableMetrics: { profitAfterTax: 180 } };
  const e = await withFinancials(
    t,
    bearer,
    { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined },
    sourced(financials),
  );
  await lockedAndValued(t, bearer, e.id, {
    ...RATES,
    methodWeights: { DCF: 50, NAV: 20, COMPARABLES: 30 },
    weightsRationale: 'Listed peers in the same trade support a market cross-check.',
  });
  const wb = await recalculatedWorkpapers(t, bearer, e.id);
  const v = await valuationOf(t, bearer, e.id);
  const engine = v.methods.find((m: { method: string }) => m.method === 'COMPARABLES');
  assert.equal(paisa(wb.value('ValuePerShare_COMPARABLES')), engine.valuePerShare);
  assert.equal(paisa(wb.value('EquityValue_COMPARABLES')), engine.equityValue);
  assert.equal(paisa(wb.value('ValuePerShare_Concluded')), v.conclusion.valuePerShare);

  // The peer rows are data and the medians formulas over them: Alpha's EV/EBITDA (the median) moved from
  // 9.50x to 10.00x moves the median, and with it the value.
  const sheet = wb.hf.getSheetId('Comparable companies')!;
  const cells = wb.hf.getSheetSerialized(sheet);
  const betaRow = cells.findIndex((row) => row[0] === 'Beta Castings Ltd');
  const medianRow = cells.findIndex((row) => row[0] === "Median of the peers' positive multiples");
  assert.equal(cells[medianRow][1], `=MEDIAN(B${betaRow - 0}:B${betaRow + 2})`);
  assert.equal(
    cells[medianRow][3],
    `=MEDIAN(D${betaRow - 0}:D${betaRow + 2})`,
    "the P/E median over all rows; Beta's blank cell is skipped",
  );
  assert.equal(wb.hf.getCellValue({ sheet, row: medianRow, col: 3 }), 16.8, 'median P/E of 18.2 and 15.4');
  const before = Number(wb.value('ValuePerShare_COMPARABLES'));
  wb.hf.setCellContents({ sheet, row: betaRow - 1, col: 1 }, [[10]]);
  assert.equal(wb.hf.getCellValue({ sheet, row: medianRow, col: 1 }), 10, 'the new median EV/EBITDA');
  assert.ok(Number(wb.value('ValuePerShare_COMPARABLES')) > before, 'a higher median multiple gives a higher value');
});

test("a stub period in the workpapers: StubFraction, the exponents and s × FCFF are formulas that recalculate to the engine's DCF", async () => {
  const stub = { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, valuationDate: '2026-10-31' };
  const e = await withFinancials(t, bearer, stub, fixture('sample-company.json'));
  await lockedAndValued(t, bearer, e.id, {
    ...CAPM_LOCK,
    methodWeights: { DCF: 100 },
    weightsRationale: 'Going concern with board-approved projections: the income approach alone.',
  });
  const v = await valuationOf(t, bearer, e.id);
  const dcf = v.methods.find((m: { method: string }) => m.method === 'DCF');
  assert.equal(dcf.valuePerShare, '314.39', 'the hand-computed stub example (s = 151/365)');
  const wb = await recalculatedWorkpapers(t, bearer, e.id);
  assert.equal(Number(wb.value('StubFraction')).toFixed(10), (151 / 365).toFixed(10));
  assert.equal(paisa(wb.value('EnterpriseValue_DCF')), dcf.enterpriseValue);
  assert.equal(paisa(wb.value('ValuePerShare_DCF')), dcf.valuePerShare);
  // The sensitivity formulas carry the stub too: WACC + 1 point gives the grid's cell.
  wb.set('WACC', 13);
  assert.equal(paisa(wb.value('ValuePerShare_DCF')), v.sensitivity.grid[4][2]);
});

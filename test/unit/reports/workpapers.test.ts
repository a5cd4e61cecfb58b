/**
 * Live workpapers: every formula recalculated with a formula engine (HyperFormula) must give the
 * engine's figures to the paisa through the defined names; raising WACC by one point in the
 * workbook must give the sensitivity grid's figure for that cell.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Decimal } from 'decimal.js';
import ExcelJS from 'exceljs';
import {
  computeValuation,
  type Purpose,
  type Statute,
  type ValuationInput,
} from '../../../src/domain/valuation/engine.js';
import { buildWorkpapers } from '../../../src/reports/workpapers/index.js';
import { recalculate } from '../../helpers/workbook.js';
import { loadDocument, normalised } from '../valuation/helpers.js';
import { ccpsRound, percentile40LessTen, threeTransactions, withFourPeers } from '../../fixtures/market-evidence.js';
import { estimatedClass } from '../../fixtures/liquidation.js';
import {
  ESOP_2022,
  everyBridgeItem,
  PROMOTERS,
  SERIES_A_CCPS,
  withDilutedCapital,
  withLossThenProfits,
} from '../../fixtures/valuation-inputs.js';

const paisa = (x: unknown) => {
  assert.equal(typeof x, 'number', `not a number: ${JSON.stringify(x)}`);
  return new Decimal(x as number).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
};

/** The day before the first projection year starts (no stub period), or the balance-sheet date without projections. */
const wholeYearDate = (f: { projections: { year: string }[]; balanceSheetDate: string }) =>
  f.projections.length > 0 ? `${Number(f.projections[0].year.slice(2)) - 1}-03-31` : f.balanceSheetDate;

async function check(
  fixture: string,
  statute: Statute,
  purpose: Purpose | null,
  extra: Partial<ValuationInput> = {},
  doc?: Record<string, unknown>,
  valuationDate?: string,
) {
  const financials = normalised(doc ?? loadDocument(fixture));
  const valuation = computeValuation({
    financials,
    assumptions: { wacc: '12.5', terminalGrowthRate: '5' },
    engagement: { statute, purpose, valuationDate: valuationDate ?? wholeYearDate(financials) },
    ...extra,
  });
  const xlsx = await buildWorkpapers({ targetEntity: 'Test Co', financials, valuation });
  const wb = await recalculate(xlsx);
  await assertCachedValues(xlsx, wb, fixture);
  for (const m of valuation.methods) {
    if (statute === 'IBC_LIQUIDATION') {
      // No value per share and no residue to equity: the assets' totals only (docs/ibc-valuation.md, The workpapers).
      assert.ok(!wb.names.has(`ValuePerShare_${m.method}`), `${fixture}: no value per share`);
      assert.ok(!wb.names.has(`EquityValue_${m.method}`), `${fixture}: no residue to equity`);
      const whole = valuation.conclusion.corporateDebtor;
      if (whole) assert.equal(paisa(wb.value('FairValue_CORPORATE_DEBTOR')), whole.fairValue, `${fixture}: as a whole`);
      const basis = m.method === 'FAIR_VALUE' ? valuation.conclusion.fairValue : valuation.conclusion.liquidationValue;
      assert.equal(paisa(wb.value(`TotalValue_${m.method}`)), basis!.totalValue, `${fixture}: TotalValue_${m.method}`);
      continue;
    }
    assert.equal(
      paisa(wb.value(`ValuePerShare_${m.method}`)),
      m.valuePerShare,
      `${fixture} ${statute}: ValuePerShare_${m.method}`,
    );
    if (m.method === 'DCF') {
      assert.equal(paisa(wb.value('EnterpriseValue_DCF')), m.enterpriseValue);
      assert.equal(paisa(wb.value('EquityValue_DCF')), m.equityValue);
    }
  }
  if (valuation.conclusion.valuePerShare !== null) {
    assert.equal(
      paisa(wb.value('ValuePerShare_Concluded')),
      valuation.conclusion.valuePerShare,
      `${fixture} ${statute}: concluded`,
    );
  }
  if (valuation.sensitivity) {
    assert.equal(wb.value('WACC'), 12.5);
    assert.equal(wb.value('TerminalGrowth'), 5);
    // One percentage point more WACC in the workbook = the grid's +1 row at the base growth.
    wb.set('WACC', 13.5);
    assert.equal(valuation.sensitivity.waccValues[4], '13.5');
    assert.equal(paisa(wb.value('ValuePerShare_DCF')), valuation.sensitivity.grid[4][2]);
    wb.set('WACC', 12.5);
    assertSensitivityGrid(wb, valuation);
  }
  return { valuation, wb };
}

/**
 * Every formula cell carries a cached value (docs/reports.md, Figures and rounding), the one a formula engine
 * recalculating the workbook computes: to the paisa, or within a billionth for factors and rates.
 */
async function assertCachedValues(xlsx: Buffer, wb: Awaited<ReturnType<typeof recalculate>>, fixture: string) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ArrayBuffer);
  let formulas = 0;
  book.eachSheet((ws) =>
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value as unknown;
        if (!v || typeof v !== 'object' || !('formula' in v)) return;
        formulas++;
        const where = `${fixture} ${ws.name}!${cell.address}`;
        const cached = cell.result as unknown;
        assert.notEqual(cached, undefined, `${where}: no cached value`);
        const address = { sheet: wb.hf.getSheetId(ws.name)!, row: Number(cell.row) - 1, col: Number(cell.col) - 1 };
        const theirs = wb.hf.getCellValue(address);
        if (typeof cached === 'string') return assert.equal(theirs ?? '', cached, where);
        assert.equal(typeof theirs, 'number', `${where}: ${JSON.stringify(theirs)}`);
        const near =
          Math.abs((cached as number) - (theirs as number)) <= Math.max(1, Math.abs(theirs as number)) * 1e-9;
        assert.ok(
          near || paisa(cached) === paisa(theirs),
          `${where}: cached ${String(cached)}, recalculated ${String(theirs)}`,
        );
      }),
    ),
  );
  assert.ok(formulas > 0, `${fixture}: formulas`);
}

/** The Sensitivity sheet's own formulas give every figure of the engine's grid, to the paisa. */
function assertSensitivityGrid(
  wb: Awaited<ReturnType<typeof recalculate>>,
  valuation: ReturnType<typeof computeValuation>,
) {
  const sheet = wb.hf.getSheetId('Sensitivity')!;
  const values = wb.hf.getSheetValues(sheet);
  const top = values.findIndex((r) => typeof r[0] === 'string' && (r[0] as string).startsWith('WACC \\ g'));
  assert.ok(top >= 0, 'the grid is on the Sensitivity sheet');
  valuation.sensitivity!.grid.forEach((row, i) =>
    row.forEach((cell, j) => {
      const got = values[top + 1 + i][1 + j];
      assert.equal(cell === null ? got : paisa(got), cell === null ? '' : cell, `grid ${i},${j}`);
    }),
  );
}

const WHY = 'DCF leads: the business is a going concern with reliable projections.';

test('DCF (FEMA) and the sensitivity grid, end-of-year and mid-year', async () => {
  await check('sample-company.json', 'FEMA_RBI', 'ISSUE_TO_NON_RESIDENT');
  await check('sample-company.json', 'FEMA_RBI', null, { options: { midYear: true } });
});

test('a stub period (valued 31 October 2026, s = 151/365) in the DCF and Sensitivity formulas, end-of-year and mid-year', async () => {
  const { wb } = await check('sample-company.json', 'FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', {}, undefined, '2026-10-31');
  assert.equal(Number(wb.value('StubFraction')).toFixed(9), (151 / 365).toFixed(9)); // HyperFormula rounds to 10 significant digits
  await check('sample-company.json', 'FEMA_RBI', null, { options: { midYear: true } }, undefined, '2026-10-31');
  await check('loss-carry-forward.json', 'FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', {}, undefined, '2025-06-30');
});

test('losses carried forward and lapsing, in formulas', async () => {
  await check('startup-negative-fcff.json', 'FEMA_RBI', 'ISSUE_TO_NON_RESIDENT');
  await check('loss-carry-forward.json', 'FEMA_RBI', 'ISSUE_TO_NON_RESIDENT');
  const doc = withLossThenProfits(loadDocument('small-company-rupees.json'));
  await check('', 'FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', {}, doc);
});

test("Companies Act with valuer's weights and a discount; Rule 11UA both NAV formulas with arrears; IBC with estimates", async () => {
  const { wb } = await check('sample-company.json', 'COMPANIES_ACT_SEC_62', null, {
    judgement: {
      methodWeights: { DCF: 70, NAV: 30 },
      weightsRationale: WHY,
      dlomPercent: 15,
      dlomRationale: 'Minority stake with no exit route within five years.',
    },
  });
  assert.ok(wb.names.has('ValuePerShare_Concluded'));
  await check('ten-year-company.json', 'COMPANIES_ACT_SEC_62', null);
  await check('arrears-company.json', 'RULE_11UA', null);
  await check('arrears-company.json', 'RULE_11UA', 'ISSUE_OF_SHARES', {
    judgement: {
      methodWeights: { DCF: 100 },
      weightsRationale: WHY,
      dlomPercent: 10,
      dlomRationale: 'Minority stake with no exit route within five years.',
    },
  });
  await check('ibc-shortfall.json', 'IBC_LIQUIDATION', null);
  const doc = loadDocument('sample-company.json');
  doc.liquidation = {
    assets: [
      estimatedClass('LAND_AND_BUILDING', 400, ['RV A', 520, 390], ['RV B', 560, 300], ['RV C', 530, 380]),
      estimatedClass('OTHER', 1350, ['RV A', 700, 500], ['RV B', 720, 480]),
    ],
    liquidationCosts: 20,
  };
  await check('', 'IBC_LIQUIDATION', null, {}, doc);
  // The asset registers (docs/asset-registers.md), in the CIRP and in liquidation (realisable value).
  await check('ibc-registers.json', 'IBC_LIQUIDATION', null);
  await check('ibc-registers.json', 'IBC_LIQUIDATION', 'LIQUIDATION_REALISABLE_VALUE');
  // Preference capital ranks after every creditor and is never one: 50 lakhs of it out of the borrowings.
  const preference = loadDocument('ibc-shortfall.json');
  preference.balanceSheet.preferenceShareCapital = 50;
  preference.balanceSheet.longTermBorrowings = 250;
  await check('', 'IBC_LIQUIDATION', null, {}, preference);
});

test('three estimates equally apart: the workpapers take the lower pair as the engine does, compared to the paisa', async () => {
  // In binary floating point 1,000.30 − 1,000.20 comes out below 1,000.20 − 1,000.10; in decimals the gaps are equal.
  const doc = loadDocument('ibc-shortfall.json');
  doc.unit = 'RUPEES';
  for (const [k, v] of Object.entries(doc.balanceSheet)) doc.balanceSheet[k] = (v as number) * 100000;
  doc.liquidation = {
    assets: [
      estimatedClass(
        'LAND_AND_BUILDING',
        70000000,
        ['RV A', 1000.1, 1000.1],
        ['RV B', 1000.2, 1000.2],
        ['RV C', 1000.3, 1000.3],
      ),
      { assetClass: 'OTHER', bookValue: 105000000, fairValue: 0, liquidationValue: 0 },
    ],
  };
  const { valuation, wb } = await check('', 'IBC_LIQUIDATION', null, {}, doc);
  // (1,000.10 + 1,000.20) ÷ 2 = 1,000.15, the lower pair.
  assert.equal(valuation.conclusion.fairValue!.totalValue, '1000.15');
  assert.equal(paisa(wb.value('TotalValue_FAIR_VALUE')), '1000.15');
});

test('the equity bridge items in the DCF, Sensitivity and COMPARABLES formulas', async () => {
  const doc = loadDocument('sample-company.json');
  doc.equityBridge = everyBridgeItem();
  doc.peers = [
    { name: 'Alpha Forgings Ltd', evToEbitda: 9.5, evToRevenue: 1.4 },
    { name: 'Beta Castings Ltd', evToEbitda: 11.25, evToRevenue: 1.9 },
  ];
  const { valuation, wb } = await check('', 'COMPANIES_ACT_SEC_62', null, {}, doc);
  assert.ok(valuation.methods.some((m) => m.method === 'COMPARABLES'));
  // The net of the items: −40 − 50 × 40 % − 15 + 25 + 60 − 8.25 = 1.75 lakh.
  const inputs = wb.hf.getSheetValues(wb.hf.getSheetId('Inputs')!);
  assert.equal(inputs.find((r) => r[0] === 'Equity bridge items, net')?.[1], 175000);
});

/** A Companies Act s.62 valuation of the document at WACC 12 % and growth 4 %, on 31 March 2026. */
function valueSec62(doc: ReturnType<typeof loadDocument>) {
  const financials = normalised(doc);
  const valuation = computeValuation({
    financials,
    assumptions: { wacc: '12', terminalGrowthRate: '4' },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', purpose: null, valuationDate: '2026-03-31' },
  });
  return { financials, valuation };
}

test('fully diluted values per share in the workpapers: basic, then the add-back, conversion and the options in the money, as formulas', async () => {
  const { financials, valuation } = valueSec62(withDilutedCapital(loadDocument('sample-company.json')));
  const xlsx = await buildWorkpapers({ targetEntity: 'Test Co', financials, valuation });
  const wb = await recalculate(xlsx);
  await assertCachedValues(xlsx, wb, 'diluted capital');
  for (const m of valuation.methods) {
    assert.ok(m.basicValuePerShare, `${m.method} is diluted`);
    assert.equal(paisa(wb.value(`ValuePerShare_${m.method}`)), m.valuePerShare, `${m.method} fully diluted`);
    assert.equal(paisa(wb.value(`ValuePerShare_${m.method}_Basic`)), m.basicValuePerShare, `${m.method} basic`);
  }
  assert.equal(paisa(wb.value('ValuePerShare_Concluded')), valuation.conclusion.valuePerShare);
  assert.equal(
    paisa(wb.value('ValuePerShare_Diluted_DCF')),
    valuation.methods.find((m) => m.method === 'DCF')!.valuePerShare,
    'the DCF, diluted',
  );
  assertSensitivityGrid(wb, valuation);
});

test('the Sensitivity grid fully diluted, with a tranche of warrants in the money in some cells and not in others', async () => {
  const founderWarrants = {
    holder: 'Founder warrants',
    instrument: 'WARRANT',
    number: 40000,
    faceValue: 10,
    exercisePrice: 330,
  };
  const doc = withDilutedCapital(loadDocument('sample-company.json'), [
    PROMOTERS,
    SERIES_A_CCPS,
    ESOP_2022,
    founderWarrants,
  ]);
  const { financials, valuation } = valueSec62(doc);
  const grid = valuation
    .sensitivity!.grid.flat()
    .filter((x): x is string => x !== null)
    .map(Number);
  assert.ok(
    grid.some((x) => x > 330) && grid.some((x) => x < 330),
    `the warrants' price lies inside the grid (${Math.min(...grid)}–${Math.max(...grid)})`,
  );
  const xlsx = await buildWorkpapers({ targetEntity: 'Test Co', financials, valuation });
  const wb = await recalculate(xlsx);
  await assertCachedValues(xlsx, wb, 'warrants in the grid');
  assertSensitivityGrid(wb, valuation);
  const values = wb.hf.getSheetValues(wb.hf.getSheetId('Sensitivity')!);
  assert.ok(
    values.some((r) => typeof r[0] === 'string' && r[0].startsWith('Founder warrants (WARRANT)')),
    'every tranche is listed',
  );
});

test('the market approach in the workpapers: the chosen percentile (PERCENTILE.INC), excluded multiples as text, the discount to the peers', async () => {
  const doc = withFourPeers(loadDocument('sample-company.json'));
  const { wb } = await check(
    '',
    'COMPANIES_ACT_SEC_62',
    null,
    {
      judgement: {
        methodWeights: { DCF: 50, NAV: 20, COMPARABLES: 30 },
        weightsRationale: 'A cross-check of the income approach against listed peers.',
        marketApproach: percentile40LessTen('Smaller and unlisted: a discount for size and liquidity.'),
      },
    },
    doc,
  );
  const sheet = wb.hf.getSheetId('Comparable companies')!;
  const cells = wb.hf.getSheetSerialized(sheet);
  const statisticRow = cells.findIndex((r) => r[0] === "40th percentile of the peers' positive multiples");
  assert.match(String(cells[statisticRow][1]), /^=PERCENTILE\.INC\(B\d+:B\d+,0\.4\)$/);
  assert.equal(wb.hf.getCellValue({ sheet, row: statisticRow, col: 3 }), 15.2, "Beta's negative P/E is text, left out");
  assert.equal(wb.hf.getCellValue({ sheet, row: statisticRow + 1, col: 1 }), 9.36, 'after the 10 % discount');
});

test('comparable transactions and a recent round in the workpapers, weighed into the concluded value', async () => {
  const doc = loadDocument('sample-company.json');
  doc.transactions = threeTransactions();
  doc.recentRound = ccpsRound('A 1x liquidation preference the equity lacks.');
  const { wb } = await check(
    '',
    'COMPANIES_ACT_SEC_62',
    null,
    {
      judgement: {
        methodWeights: { DCF: 40, NAV: 10, TRANSACTIONS: 20, RECENT_ROUND: 30 },
        weightsRationale: 'Four methods, each with evidence of its own.',
      },
    },
    doc,
  );
  assert.equal(paisa(wb.value('ValuePerShare_TRANSACTIONS')), '368.00');
  assert.equal(paisa(wb.value('ValuePerShare_RECENT_ROUND')), '273.60');
});

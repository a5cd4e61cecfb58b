/**
 * The fair value of the corporate debtor as a whole (docs/ibc-valuation.md, The corporate debtor as a whole): the
 * coordinating valuer's consolidation of the classes, plus the intangibles and synergies a going-concern DCF shows.
 * Each figure is worked out by hand below, in exact decimals, rounded once to the paisa.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { corporateDebtorValue, fairValueAsAWhole } from '../../../src/domain/valuation/ibc-whole.js';
import { dec } from '../../../src/domain/valuation/money.js';
import { loadDocument, normalised } from './helpers.js';

const LAKH = 100000;
const classes = [
  ['LAND_AND_BUILDING', 520],
  ['PLANT_AND_MACHINERY', 240],
  ['INVENTORIES', 230],
  ['TRADE_RECEIVABLES', 280],
  ['CASH_AND_BANK', 180],
  ['SECURITIES_OR_FINANCIAL_ASSETS', 115],
].map(([assetClass, lakh]) => ({ assetClass: assetClass as string, fairValue: dec(lakh).times(LAKH) }));

test('a going concern worth more than its assets: the excess is the intangibles and synergies', () => {
  // Σ classes = 520 + 240 + 230 + 280 + 180 + 115 = 1,565 lakh.
  // Going concern = EV 1,300.123456 lakh + trade payables 150 + cash 180 + securities 115 = 1,745.123456 lakh.
  // Intangibles and synergies = 1,745.123456 − 1,565 = 180.123456 lakh = ₹1,80,12,345.60.
  const w = fairValueAsAWhole({
    classes,
    goingConcern: { enterpriseValue: dec('130012345.6'), tradePayables: dec(150 * LAKH) },
  });
  const v = corporateDebtorValue(w, { wacc: dec('14.5'), growth: dec('4') });
  assert.deepEqual(v, {
    method: 'GOING_CONCERN_DCF',
    noAdditionReason: null,
    sumOfClasses: '156500000.00',
    enterpriseValue: '130012345.60',
    tradePayables: '15000000.00',
    nonOperatingAssets: '29500000.00',
    goingConcernValue: '174512345.60',
    intangiblesAndSynergies: '18012345.60',
    fairValue: '174512345.60',
    wacc: '14.5',
    terminalGrowthRate: '4',
    goingConcernLines: null,
  });
});

test('a going concern worth no more than its assets separately: nothing is added, and why', () => {
  // EV 1,000 + 150 + 180 + 115 = 1,445 lakh < 1,565: the assets sold separately are worth more.
  const w = fairValueAsAWhole({
    classes,
    goingConcern: { enterpriseValue: dec(1000 * LAKH), tradePayables: dec(150 * LAKH) },
  });
  assert.equal(w.method, 'SUM_OF_CLASSES');
  assert.equal(w.noAdditionReason, 'GOING_CONCERN_NOT_HIGHER');
  assert.equal(w.intangiblesAndSynergies.toString(), '0');
  assert.equal(w.fairValue.toString(), String(1565 * LAKH));
  assert.equal(w.goingConcernValue!.toString(), String(1445 * LAKH));
  // No projections: the sum of the classes, the reason named.
  const none = corporateDebtorValue(fairValueAsAWhole({ classes }), null);
  assert.equal(none.noAdditionReason, 'NO_PROJECTIONS');
  assert.equal(none.fairValue, '156500000.00');
  assert.equal(none.enterpriseValue, null);
  assert.equal(none.wacc, null);
});

test('the engine: a CIRP with projections values the corporate debtor by the DCF the s.62 engine gives the same figures', () => {
  const doc = loadDocument('sample-company.json');
  doc.liquidation = {
    assets: classes.map((c) => ({
      assetClass: c.assetClass,
      bookValue: 1,
      fairValue: c.fairValue.div(LAKH).toNumber(),
      liquidationValue: c.fairValue.div(LAKH).toNumber(),
    })),
    liquidationCosts: 0,
  };
  const financials = normalised(doc);
  const assumptions = { wacc: 12, terminalGrowthRate: 4 };
  const ibc = computeValuation({
    financials,
    assumptions,
    engagement: { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31' },
  });
  const s62 = computeValuation({
    financials,
    assumptions,
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
  });
  const cd = ibc.conclusion.corporateDebtor!;
  const ev = s62.methods.find((m) => m.method === 'DCF')!.enterpriseValue!;
  assert.equal(cd.enterpriseValue, ev);
  const payables = dec(financials.balanceSheet.tradePayables);
  const gc = dec(ev)
    .plus(payables)
    .plus(dec(295 * LAKH));
  // Σ classes 1,565 lakh; the going-concern value to the paisa (the EV is already exact to the paisa here or less).
  assert.equal(cd.sumOfClasses, '156500000.00');
  assert.equal(cd.tradePayables, payables.toFixed(2));
  assert.equal(Math.abs(Number(cd.goingConcernValue) - gc.toNumber()) <= 0.01, true);
  assert.equal(cd.fairValue, gc.gt(dec(1565 * LAKH)) ? cd.goingConcernValue : '156500000.00');
  // The going-concern DCF's workings, for the report and the workpapers: the s.62 DCF's own lines to the
  // enterprise value, each year's revenue before them, and no equity bridge or per-share line after.
  const s62Lines = s62.methods.find((m) => m.method === 'DCF')!.lines;
  const lines = cd.goingConcernLines!;
  assert.equal(lines.at(-1)!.label, 'Enterprise value');
  assert.equal(lines.at(-1)!.value, s62Lines.find((l) => l.label === 'Enterprise value')!.value);
  for (const l of lines.filter((x) => / FCFF$| Present value of FCFF$/.test(x.label)))
    assert.equal(l.value, s62Lines.find((x) => x.label === l.label)!.value, l.label);
  assert.equal(lines.filter((l) => / Revenue$/.test(l.label)).length, financials.projections.length);
  assert.ok(!lines.some((l) => /Equity value|per share/i.test(l.label)));
  assert.equal(cd.wacc, '12');
  // The liquidation purpose: no value as a whole (the realisable value of the assets only).
  const liq = computeValuation({
    financials,
    assumptions,
    engagement: { statute: 'IBC_LIQUIDATION', purpose: 'LIQUIDATION_REALISABLE_VALUE', valuationDate: '2026-03-31' },
  });
  assert.equal(liq.conclusion.corporateDebtor, undefined);
});

/**
 * Worked examples for the NAV formulas, Companies Act comparables and IBC. Expected figures are
 * hand computed (python3 `decimal`, half-up to the paisa), never copied from the engine.
 * The sample company is in LAKHS: 1 lakh = ₹1,00,000.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { assertLines, loadDocument, method, normalised } from './helpers.js';
import { estimatedClass, ibcHeadline } from '../../fixtures/liquidation.js';

const sample = () => loadDocument('sample-company.json');

// ---------------------------------------------------------------------------------------------
// Example 5: Rule 11UA(2)(a), issue of shares, sample company.
test('example 5: Rule 11UA(2)(a) NAV for an issue of shares', () => {
  const result = computeValuation({
    financials: normalised(sample()),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
  });
  assert.deepEqual(
    result.methods.map((m) => m.method),
    ['NAV_11UA_2A', 'DCF'],
  );
  assertLines(method(result, 'NAV_11UA_2A'), [
    // Total assets 700+50+0+80+0+30+10+20+260+310+180+60+50 = 1750 lakhs
    ['Total assets as per balance sheet (book value)', '175000000.00'],
    ['Less: tax paid as TDS, TCS or advance tax, net of refund claimed', '-1200000.00'],
    ['Less: unamortised expenditure and other amounts that are not assets', '-500000.00'],
    ['A', '173300000.00'], // 1750 − 12 − 5 = 1733 lakhs
    ['Total equity and liabilities as per balance sheet (book value)', '175000000.00'],
    ['Less: paid-up equity share capital', '-10000000.00'],
    ['Less: reserves and surplus (even if negative)', '-85000000.00'],
    ['Less: dividends set apart but not declared', '0.00'],
    ['Less: provision for taxation in excess of tax payable on book profits', '0.00'],
    ['Less: provisions for liabilities other than ascertained liabilities', '-1000000.00'],
    ['Add: arrears of dividends on cumulative preference shares', '0.00'],
    ['L', '79000000.00'], // 1750 − 100 − 850 − 10 = 790 lakhs
    ['(A − L)', '94300000.00'], // 943 lakhs
    ['PE: total paid-up equity share capital', '10000000.00'],
    ['PV: paid-up value of one equity share', '10.00'],
    ['Fair market value per share = (A − L) × PV / PE', '94.30'], // 94300000 × 10 / 10000000
  ]);
  assert.equal(result.conclusion.valuePerShare, '94.30');
  // 31-3-2026 is on or after 1-4-2025: s.56(2)(viib) does not apply, so the value is no ceiling.
  assert.equal(result.conclusion.floorOrCeiling, undefined);
  assert.match(result.conclusion.basis, /11UA\(2\)\(a\)/);
  // The balance sheet is at the valuation date; the only warning is the s.56(2)(viib) sunset.
  assert.deepEqual(
    result.warnings.map((w) => w.code),
    ['S56_2_VIIB_NOT_APPLICABLE'],
  );
});

// ---------------------------------------------------------------------------------------------
// Example 6: Rule 11UA(1)(c)(b), transfer or receipt, sample company.
test('example 6: Rule 11UA(1)(c)(b) NAV for a transfer or receipt', () => {
  const result = computeValuation({
    financials: normalised(sample()),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' },
  });
  assert.deepEqual(
    result.methods.map((m) => m.method),
    ['NAV_11UA_1CB', 'DCF'],
  );
  assertLines(method(result, 'NAV_11UA_1CB'), [
    ['Total assets as per balance sheet (book value)', '175000000.00'],
    ['Less: jewellery and artistic work (book value)', '0.00'],
    ['Less: shares and securities (book value)', '-8000000.00'],
    ['Less: immovable property (book value)', '-40000000.00'],
    ['Less: income-tax paid, net of refund claimed', '-1200000.00'],
    ['Less: unamortised expenditure and other amounts that are not assets', '-500000.00'],
    ['A', '125300000.00'], // 1750 − 0 − 80 − 400 − 12 − 5 = 1253 lakhs
    ['B: jewellery and artistic work at open-market value (registered valuer)', '0.00'],
    ['C: shares and securities at fair market value', '9500000.00'], // 95 lakhs
    ['D: immovable property at stamp-duty value', '52000000.00'], // 520 lakhs
    ['L', '79000000.00'],
    ['(A + B + C + D − L)', '107800000.00'], // 1253 + 0 + 95 + 520 − 790 = 1078 lakhs
    ['Fair market value per share = (A + B + C + D − L) × PV / PE', '107.80'],
  ]);
  assert.equal(result.conclusion.valuePerShare, '107.80');
  assert.equal(result.conclusion.floorOrCeiling, 'FLOOR');
});

test('Rule 11UA without a purpose shows both NAV formulas and says which purpose each serves', () => {
  const result = computeValuation({
    financials: normalised(sample()),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', valuationDate: '2026-03-31' },
  });
  assert.deepEqual(
    result.methods.map((m) => m.method),
    ['NAV_11UA_2A', 'NAV_11UA_1CB', 'DCF'],
  );
  assert.equal(result.conclusion.valuePerShare, null);
  assert.deepEqual(
    result.conclusion.byPurpose?.map((p) => [p.purpose, p.method, p.valuePerShare, p.floorOrCeiling]),
    [
      ['ISSUE_OF_SHARES', 'NAV_11UA_2A', '94.30', undefined], // 31-3-2026: s.56(2)(viib) no longer applies
      ['TRANSFER_OR_RECEIPT', 'NAV_11UA_1CB', '107.80', 'FLOOR'],
    ],
  );
  for (const m of result.methods) assert.ok(m.servesPurpose && m.servesPurpose.length > 0);
});

test('FEMA without a direction states the fair value as both floor and ceiling', () => {
  const result = computeValuation({
    financials: normalised(sample()),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'FEMA_RBI', valuationDate: '2026-03-31' },
  });
  assert.equal(result.conclusion.valuePerShare, '302.55'); // example 1's DCF value
  assert.equal(result.conclusion.floorOrCeiling, undefined);
  assert.deepEqual(
    result.conclusion.byPurpose?.map((p) => [p.purpose, p.floorOrCeiling]),
    [
      ['ISSUE_TO_NON_RESIDENT', 'FLOOR'],
      ['TRANSFER_RESIDENT_TO_NON_RESIDENT', 'FLOOR'],
      ['TRANSFER_NON_RESIDENT_TO_RESIDENT', 'CEILING'],
    ],
  );
});

// ---------------------------------------------------------------------------------------------
// Example 7: Companies Act s.62 with peers and valuer's weights DCF 60 / NAV 10 / comparables 30.
test('example 7: Companies Act s.62 with comparable multiples and given weights', () => {
  const doc = sample();
  doc.peers = [
    { name: 'Alpha Ltd', evToEbitda: 10, peRatio: 20 },
    { name: 'Beta Ltd', evToEbitda: 12, evToRevenue: 2 },
    { name: 'Gamma Ltd', evToEbitda: 9, priceToBook: 3 },
  ];
  doc.comparableMetrics = { ebitda: 400, profitAfterTax: 200 };
  const result = computeValuation({
    financials: normalised(doc),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    options: { weights: { dcf: 60, nav: 10, comparables: 30 } },
  });
  assertLines(method(result, 'COMPARABLES'), [
    // EV/EBITDA median(10, 12, 9) = 10; × 400 lakhs = 4000 lakhs
    ['EV/EBITDA: median of 3 peers', '10.0000'],
    ['EV/EBITDA: target EBITDA', '40000000.00'],
    ['EV/EBITDA: implied enterprise value', '400000000.00'],
    // equity = 4000 − 300 − 120 − 0 + 180 + 20 + 0 = 3780 lakhs
    ['EV/EBITDA: implied equity value', '378000000.00'],
    // EV/Revenue median 2 × FY2027 revenue 2400 lakhs = 4800 → equity 4580 lakhs
    ['EV/Revenue: target revenue', '240000000.00'],
    ['EV/Revenue: implied equity value', '458000000.00'],
    // P/E 20 × 200 lakhs = 4000 lakhs
    ['P/E: implied equity value', '400000000.00'],
    // P/B 3 × (100 + 850) lakhs = 2850 lakhs
    ['P/B: implied equity value', '285000000.00'],
    // (3780 + 4580 + 4000 + 2850) / 4 = 3802.5 lakhs
    ['Equity value (simple average of 4 multiples)', '380250000.00'],
    ['Value per equity share', '380.25'],
  ]);
  // Book NAV = 1750 − 5 − (1750 − 100 − 850) − 0 = 945 lakhs → 94.50 per share
  assert.equal(method(result, 'NAV').valuePerShare, '94.50');
  // 0.6 × 302.547040572… + 0.1 × 94.50 + 0.3 × 380.25 = 181.528224… + 9.45 + 114.075 = 305.053224…
  assert.equal(result.conclusion.valuePerShare, '305.05');
  assert.deepEqual(result.conclusion.weights, [
    { method: 'DCF', weightPercent: '60', valuePerShare: '302.55', weightedValuePerShare: '181.53' },
    { method: 'NAV', weightPercent: '10', valuePerShare: '94.50', weightedValuePerShare: '9.45' },
    { method: 'COMPARABLES', weightPercent: '30', valuePerShare: '380.25', weightedValuePerShare: '114.08' },
  ]);
});

// ---------------------------------------------------------------------------------------------
// Example 8: IBC fair value and liquidation value from asset-class values (sample company).
test('example 8: IBC fair value and liquidation value', () => {
  const doc = sample();
  doc.liquidation = {
    assets: [
      { assetClass: 'LAND_AND_BUILDING', bookValue: 400, fairValue: 520, liquidationValue: 390 },
      { assetClass: 'PLANT_AND_MACHINERY', bookValue: 300, fairValue: 240, liquidationValue: 150.5 },
      { assetClass: 'INVENTORIES', bookValue: 260, fairValue: 230, liquidationValue: 160 },
      { assetClass: 'TRADE_RECEIVABLES', bookValue: 310, fairValue: 280, liquidationValue: 200 },
      { assetClass: 'CASH_AND_BANK', bookValue: 180, fairValue: 180, liquidationValue: 180 },
      { assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS', bookValue: 100, fairValue: 115, liquidationValue: 100 },
    ],
    liquidationCosts: 45.25,
  };
  const result = computeValuation({
    financials: normalised(doc),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31' },
  });
  // Liabilities = 1750 − 100 − 850 = 800 lakhs
  assertLines(method(result, 'FAIR_VALUE'), [
    ['Total fair value of assets', '156500000.00'], // 520+240+230+280+180+115 = 1565 lakhs
    ['Less: liabilities (creditors)', '-80000000.00'],
    ['Fair value available after all creditors', '76500000.00'],
    ['Less: preference share capital (ranks after all creditors, s.53)', '0.00'],
    ['Fair value available to equity', '76500000.00'], // 765 lakhs
  ]);
  assertLines(method(result, 'LIQUIDATION_VALUE'), [
    ['Total liquidation value of assets', '118050000.00'], // 390+150.5+160+200+180+100 = 1180.5 lakhs
    ['Less: liquidation costs', '-4525000.00'],
    ['Less: liabilities (creditors)', '-80000000.00'],
    ['Liquidation value available to equity', '33525000.00'], // 1180.5 − 45.25 − 800 = 335.25 lakhs
  ]);
  assert.equal(result.conclusion.valuePerShare, null);
  // The headline is the assets' total; the per-share figure stays in the API only (33.525 half-up → 33.53).
  assert.deepEqual(result.conclusion.fairValue, ibcHeadline('156500000.00', '76500000.00', '76.50', '0.00'));
  assert.deepEqual(result.conclusion.liquidationValue, ibcHeadline('118050000.00', '33525000.00', '33.53', '0.00'));
  assert.ok(!result.methods.some((m) => m.lines.some((l) => /per equity share/.test(l.label))), 'no per-share line');
  assert.equal(result.sensitivity, undefined);
});

// ---------------------------------------------------------------------------------------------
// Example 9: IBC from the registered valuers' estimates (CIRP Reg 35(1)(c): average of the two
// closest), with a liabilities override.
test("example 9: IBC values from valuers' estimates, two closest averaged, 25 % difference flagged", () => {
  const doc = sample();
  doc.liquidation = {
    assets: [
      estimatedClass('LAND_AND_BUILDING', 400, ['RV-A', 500, 380], ['RV-B', 540, 400]),
      estimatedClass('PLANT_AND_MACHINERY', 300, ['RV-A', 260, 140], ['RV-B', 230, 200], ['RV-C', 245, 150.5]),
      estimatedClass('INVENTORIES', 260, ['RV-X', 230, 200], ['RV-Y', 210, 140]),
      { assetClass: 'CASH_AND_BANK', bookValue: 180, fairValue: 180, liquidationValue: 180 },
    ],
    liquidationCosts: 12.35,
    liabilities: 820,
  };
  const result = computeValuation({
    financials: normalised(doc),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31' },
  });
  assertLines(method(result, 'FAIR_VALUE'), [
    ['LAND_AND_BUILDING: fair value estimated by RV-A', '50000000.00'],
    ['LAND_AND_BUILDING: fair value estimated by RV-B', '54000000.00'],
    ['LAND_AND_BUILDING: fair value', '52000000.00'], // (500 + 540) / 2 = 520 lakhs
    // sorted 230, 245, 260: gaps 15 and 15 tie, the lower pair is taken: (230 + 245) / 2 = 237.5
    ['PLANT_AND_MACHINERY: fair value', '23750000.00'],
    ['INVENTORIES: fair value', '22000000.00'], // (230 + 210) / 2
    ['CASH_AND_BANK: fair value', '18000000.00'],
    ['Total fair value of assets', '115750000.00'], // 520 + 237.5 + 220 + 180 = 1157.5 lakhs
    ['Less: liabilities (creditors)', '-82000000.00'],
    ['Fair value available to equity', '33750000.00'], // 1157.5 − 820
  ]);
  assertLines(method(result, 'LIQUIDATION_VALUE'), [
    ['LAND_AND_BUILDING: liquidation value', '39000000.00'], // (380 + 400) / 2
    // sorted 140, 150.5, 200: closest pair (140, 150.5) → 145.25
    ['PLANT_AND_MACHINERY: liquidation value', '14525000.00'],
    ['INVENTORIES: liquidation value', '17000000.00'], // (200 + 140) / 2
    ['Total liquidation value of assets', '88525000.00'], // 390 + 145.25 + 170 + 180 = 885.25
    ['Less: liquidation costs', '-1235000.00'],
    ['Liquidation value available to equity', '5290000.00'], // 885.25 − 12.35 − 820 = 52.9 lakhs
  ]);
  // Inventories: (200 − 140) / 200 = 30 % ≥ 25 %; land: (400 − 380) / 400 = 5 %; plant has three estimates.
  assert.deepEqual(
    result.warnings.map((w) => w.code),
    ['LIQUIDATION_ESTIMATES_SIGNIFICANTLY_DIFFERENT'],
  );
  assert.match(result.warnings[0].message, /^INVENTORIES: .* 30\.00%/);
});

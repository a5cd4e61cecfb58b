/**
 * What the law says the engine must do. Each worked example is computed by hand below
 * (exact decimals, half-up to the paisa only at the end), never copied from the engine.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { missingInputs } from '../../../src/domain/valuation/readiness.js';
import { rateWarnings } from '../../../src/domain/valuation/warnings.js';
import { dec } from '../../../src/domain/valuation/money.js';
import { assertLines, loadDocument, loadFinancials, method, normalised, projectionsFrom } from './helpers.js';
import { withLossThenProfits } from '../../fixtures/valuation-inputs.js';
import { ibcHeadline } from '../../fixtures/liquidation.js';

// ---------------------------------------------------------------------------------------------
// 1. Arrears of cumulative preference dividend are added to L (item (vi) of L), both formulas.
// Sample company (LAKHS) with arrears of 150 lakhs in the notes.
test('arrears of cumulative preference dividend are added to L in Rule 11UA(2)(a)', () => {
  const result = computeValuation({
    financials: projectionsFrom(loadFinancials('arrears-company.json'), 'FY2026'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2025-03-31' },
  });
  assertLines(method(result, 'NAV_11UA_2A'), [
    ['A', '173300000.00'], // 1750 − 12 − 5 = 1733 lakhs
    ['Less: provisions for liabilities other than ascertained liabilities', '-1000000.00'],
    ['Add: arrears of dividends on cumulative preference shares', '15000000.00'], // 150 lakhs
    ['L', '94000000.00'], // 1750 − 100 − 850 − 10 + 150 = 940 lakhs
    ['(A − L)', '79300000.00'], // 1733 − 940 = 793 lakhs
    ['Fair market value per share = (A − L) × PV / PE', '79.30'], // 79300000 × 10 / 10000000
  ]);
});

test('arrears of cumulative preference dividend are added to L in Rule 11UA(1)(c)(b); without them the value is 16 % higher', () => {
  const result = computeValuation({
    financials: loadFinancials('arrears-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' },
  });
  assertLines(method(result, 'NAV_11UA_1CB'), [
    // A = 1750 − 0 − 80 − 400 − 12 − 5 = 1253 lakhs; B 0, C 95, D 520
    ['A', '125300000.00'],
    ['Add: arrears of dividends on cumulative preference shares', '15000000.00'],
    ['L', '94000000.00'], // 790 + 150 = 940 lakhs
    ['(A + B + C + D − L)', '92800000.00'], // 1253 + 0 + 95 + 520 − 940 = 928 lakhs
    ['Fair market value per share = (A + B + C + D − L) × PV / PE', '92.80'],
  ]);
  // Without the arrears: (1868 − 790) lakhs → 107.80 per share, 107.80 / 92.80 = 1.1616…: overstated by 16 %.
  const without = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' },
  });
  assert.equal(without.conclusion.valuePerShare, '107.80');
  assert.equal(result.conclusion.valuePerShare, '92.80');
});

// ---------------------------------------------------------------------------------------------
// 2. s.56(2)(viib) reaches only consideration received before 1-4-2024 (Finance (No. 2) Act 2024, from
// assessment year 2025-26), and the issue's date decides, not the valuation date.
test('an issue of shares made on 31-3-2024 keeps the Rule 11UA(2) ceiling; one made on 1-4-2024 is S56_2_VIIB_NOT_APPLICABLE', () => {
  const at = (valuationDate: string) =>
    computeValuation({
      // Valued in FY2024: the projections start in FY2025 (docs/valuation-method.md, Stub period).
      financials: projectionsFrom(loadFinancials('sample-company.json'), 'FY2025'),
      assumptions: { wacc: 12, terminalGrowthRate: 4 },
      engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate },
    });
  const before = at('2024-03-31');
  assert.equal(before.conclusion.floorOrCeiling, 'CEILING');
  assert.equal(before.conclusion.valuePerShare, '94.30');
  assert.ok(!before.warnings.some((w) => w.code === 'S56_2_VIIB_NOT_APPLICABLE'));
  assert.match(method(before, 'NAV_11UA_2A').servesPurpose!, /ceiling/);

  const on = at('2024-04-01');
  assert.equal(on.conclusion.floorOrCeiling, undefined);
  assert.equal(on.conclusion.valuePerShare, '94.30'); // the figure itself is unchanged
  const warning = on.warnings.find((w) => w.code === 'S56_2_VIIB_NOT_APPLICABLE');
  assert.ok(warning);
  assert.match(warning.message, /Finance \(No\. 2\) Act, 2024/);
  assert.match(warning.message, /shall not apply on or after the 1st day of April, 2025/);
  assert.match(on.conclusion.basis, /not a ceiling/);
  // A transfer is untouched by the sunset: s.56(2)(x) and s.50CA still apply.
  const transfer = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' },
  });
  assert.equal(transfer.conclusion.floorOrCeiling, 'FLOOR');
  assert.ok(!transfer.warnings.some((w) => w.code === 'S56_2_VIIB_NOT_APPLICABLE'));
});

// ---------------------------------------------------------------------------------------------
// 3. Losses carry forward (s.72, eight years); tax is never refunded.
// Ten years in RUPEES, no D&A, capex or working capital, so FCFF = EBIT − tax; tax 25 %.
// EBIT: FY2026 −1,00,000; FY2027–FY2033 0; FY2034 40,000; FY2035 2,00,000. WACC 10 %, g 0.
test('a loss is carried forward for eight years and then lapses; the tax is never negative', () => {
  const result = computeValuation({
    financials: loadFinancials('loss-carry-forward.json'),
    assumptions: { wacc: 10, terminalGrowthRate: 0 },
    engagement: { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2025-03-31' },
  });
  assertLines(method(result, 'DCF'), [
    // FY2026: loss 100000, no tax (not −25000), c/f 100000; FCFF −100000, PV −100000/1.1 = −90909.09
    ['FY2026 EBIT', '-100000.00'],
    ['FY2026 Loss brought forward', '0.00'],
    ['FY2026 Taxable EBIT', '0.00'],
    ['FY2026 Loss carried forward', '100000.00'],
    ['FY2026 Less: tax on EBIT at 25%', '0.00'],
    ['FY2026 FCFF', '-100000.00'],
    ['FY2026 Present value of FCFF', '-90909.09'],
    // FY2034 is the 8th year after FY2026 (t 9 − 1 = 8): 40000 set off, nothing taxable, c/f 60000
    ['FY2034 Loss brought forward', '100000.00'],
    ['FY2034 Loss set off', '-40000.00'],
    ['FY2034 Taxable EBIT', '0.00'],
    ['FY2034 Loss carried forward', '60000.00'],
    ['FY2034 Less: tax on EBIT at 25%', '0.00'],
    ['FY2034 FCFF', '40000.00'],
    ['FY2034 Present value of FCFF', '16963.90'], // 40000 / 1.1^9 = 16963.897…
    // FY2035 is the 9th year: the remaining 60000 lapses; tax 200000 × 25 % = 50000; FCFF 150000
    ['FY2035 Loss lapsed', '60000.00'],
    ['FY2035 Loss brought forward', '0.00'],
    ['FY2035 Loss set off', '0.00'],
    ['FY2035 Taxable EBIT', '200000.00'],
    ['FY2035 Loss carried forward', '0.00'],
    ['FY2035 Less: tax on EBIT at 25%', '-50000.00'],
    ['FY2035 FCFF', '150000.00'],
    ['FY2035 Discount factor (t = 10)', '0.385543'],
    ['FY2035 Present value of FCFF', '57831.49'], // 150000 / 1.1^10 = 57831.487…
    ['Sum of present values of FCFF', '-16113.69'], // −90909.090… + 16963.897… + 57831.487…
    ['Terminal value at end of FY2035', '1500000.00'], // 150000 × 1 / 0.10
    ['Present value of terminal value', '578314.93'], // 1500000 / 2.5937424601
    ['Enterprise value', '562201.24'],
    // Equity = EV − 200000 − 50000 + 80000 + 50000
    ['Equity value', '442201.24'],
    ['Value per equity share', '44.22'], // / 10,000 shares
  ]);
  for (const line of method(result, 'DCF').lines.filter((l) => /Less: tax on EBIT/.test(l.label))) {
    assert.ok(!dec(line.value).isPositive() || dec(line.value).isZero(), `${line.label} is a refund: ${line.value}`);
  }
});

// EBIT −3,00,000; 1,00,000; 5,00,000 (RUPEES, tax 25 %, WACC 10 %, g 0). The final year sets off
// 2,00,000; the perpetuity must not keep that one-off saving.
test("the terminal value rests on the final year's FCFF with full tax, not on a one-off set-off", () => {
  const result = computeValuation({
    financials: normalised(withLossThenProfits(loadDocument('small-company-rupees.json'))),
    assumptions: { wacc: 10, terminalGrowthRate: 0 },
    engagement: { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2025-03-31' },
  });
  assertLines(method(result, 'DCF'), [
    ['FY2026 FCFF', '-300000.00'],
    ['FY2026 Present value of FCFF', '-272727.27'],
    // FY2027: 100000 set off out of 300000; c/f 200000; no tax
    ['FY2027 Loss set off', '-100000.00'],
    ['FY2027 Loss carried forward', '200000.00'],
    ['FY2027 FCFF', '100000.00'],
    ['FY2027 Present value of FCFF', '82644.63'],
    // FY2028: 200000 set off; taxable 300000; tax 75000; FCFF 425000
    ['FY2028 Loss set off', '-200000.00'],
    ['FY2028 Taxable EBIT', '300000.00'],
    ['FY2028 Less: tax on EBIT at 25%', '-75000.00'],
    ['FY2028 FCFF', '425000.00'],
    ['FY2028 Present value of FCFF', '319308.79'], // 425000 / 1.331
    ['Sum of present values of FCFF', '129226.15'],
    // Full tax on FY2028's EBIT: 500000 × 75 % = 375000 = 425000 − 200000 × 25 %
    ['Terminal-year FCFF (FY2028, tax without loss set-off)', '375000.00'],
    ['Terminal value at end of FY2028', '3750000.00'], // 375000 / 0.10
    ['Present value of terminal value', '2817430.50'], // 3750000 / 1.331
    ['Enterprise value', '2946656.65'],
    ['Equity value', '2826656.65'], // − 200000 − 50000 + 80000 + 50000
    ['Value per equity share', '282.67'], // / 10,000 = 282.665665 → half-up
  ]);
});

// ---------------------------------------------------------------------------------------------
// 4. IBC: equity never negative. Sample company (LAKHS), liabilities 1750 − 100 − 850 = 800 lakhs.
// Fair value 500 + 200 = 700 lakhs; liquidation value 300 + 100 − 10 costs = 390 lakhs.
test('IBC equity is nil when claims exceed the assets, with the shortfall on its own line', () => {
  const result = computeValuation({
    financials: loadFinancials('ibc-shortfall.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31' },
  });
  assertLines(method(result, 'FAIR_VALUE'), [
    ['Total fair value of assets', '70000000.00'],
    ['Less: liabilities (creditors)', '-80000000.00'],
    ['Shortfall to creditors (claims not met)', '10000000.00'], // 800 − 700 = 100 lakhs
    ['Fair value available to equity', '0.00'], // max(700 − 800, 0)
  ]);
  assertLines(method(result, 'LIQUIDATION_VALUE'), [
    ['Total liquidation value of assets', '40000000.00'],
    ['Less: liquidation costs', '-1000000.00'],
    ['Less: liabilities (creditors)', '-80000000.00'],
    ['Shortfall to creditors (claims not met)', '41000000.00'], // 800 − (400 − 10) = 410 lakhs
    ['Liquidation value available to equity', '0.00'],
  ]);
  assert.deepEqual(result.conclusion.fairValue, ibcHeadline('70000000.00', '0.00', '0.00', '10000000.00'));
  assert.deepEqual(result.conclusion.liquidationValue, ibcHeadline('40000000.00', '0.00', '0.00', '41000000.00'));
  // No projections in the file, none needed; no DCF warnings about rates or terminal value.
  assert.deepEqual(
    result.warnings.map((w) => w.code),
    ['CLAIMS_EXCEED_ASSETS'],
  );
});

// ---------------------------------------------------------------------------------------------
// 5. Rates that look like fractions; a narrow WACC − g spread.
test('RATES_LOOK_LIKE_FRACTIONS names the fields; WACC_GROWTH_SPREAD_NARROW under 2 points', () => {
  const fraction = rateWarnings(dec('0.12'), dec('0.04'), [
    { year: 'FY2027', taxRate: '0.25' },
    { year: 'FY2028', taxRate: '25' },
  ]);
  const codes = fraction.map((w) => w.code);
  assert.ok(codes.includes('RATES_LOOK_LIKE_FRACTIONS'));
  const message = fraction.find((w) => w.code === 'RATES_LOOK_LIKE_FRACTIONS')!.message;
  assert.match(message, /wacc \(0\.12\)/);
  assert.match(message, /terminalGrowthRate \(0\.04\)/);
  assert.match(message, /taxRate of FY2027 \(0\.25\)/);
  assert.doesNotMatch(message, /FY2028/);
  // 0.12 − 0.04 = 0.08 points: far under 2.
  assert.ok(codes.includes('WACC_GROWTH_SPREAD_NARROW'));
  // 12 − 10.5 = 1.5 points → narrow; 12 − 10 = 2 → not narrow; a tax holiday (0 %) is no fraction.
  assert.deepEqual(
    rateWarnings(dec('12'), dec('10.5'), []).map((w) => w.code),
    ['WACC_GROWTH_SPREAD_NARROW'],
  );
  assert.deepEqual(rateWarnings(dec('12'), dec('10'), [{ year: 'FY2027', taxRate: '0' }]), []);
  // Through the engine for a DCF statute, but never for IBC, which uses no rates.
  const fema = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: '0.12', terminalGrowthRate: '0.04' },
    engagement: { statute: 'FEMA_RBI', valuationDate: '2026-03-31' },
  });
  assert.ok(fema.warnings.some((w) => w.code === 'RATES_LOOK_LIKE_FRACTIONS'));
  const ibc = computeValuation({
    financials: loadFinancials('ibc-shortfall.json'),
    assumptions: { wacc: '0.12', terminalGrowthRate: '0.04' },
    engagement: { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31' },
  });
  assert.ok(
    !ibc.warnings.some((w) => w.code === 'RATES_LOOK_LIKE_FRACTIONS' || w.code === 'WACC_GROWTH_SPREAD_NARROW'),
  );
});

// ---------------------------------------------------------------------------------------------
// 6. Statute readiness.
test('statute readiness names each missing field; NAV and IBC do not demand projections', () => {
  const sample = loadFinancials('sample-company.json');
  assert.deepEqual(
    missingInputs(sample, { statute: 'IBC_LIQUIDATION', purpose: null }).map((m) => m.path),
    ['/liquidation/assets'],
  );
  const noProjections = loadFinancials('ibc-shortfall.json');
  assert.deepEqual(missingInputs(noProjections, { statute: 'IBC_LIQUIDATION', purpose: null }), []);
  assert.deepEqual(missingInputs(noProjections, { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES' }), []);
  assert.deepEqual(
    missingInputs(noProjections, { statute: 'FEMA_RBI', purpose: null }).map((m) => m.path),
    ['/projections'],
  );
  assert.deepEqual(
    missingInputs(noProjections, { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', rule11uaIssueMethod: 'DCF' }).map(
      (m) => m.path,
    ),
    ['/projections'],
  );
  // Rule 11UA(1)(c)(b): immovable property held at book 400 lakhs but no stamp-duty value.
  const doc = loadDocument('sample-company.json');
  doc.navAdjustments.immovablePropertyStampDutyValue = 0;
  doc.navAdjustments.sharesAndSecuritiesFairValue = 0;
  const missing = missingInputs(normalised(doc), { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT' });
  assert.deepEqual(
    missing.map((m) => m.path),
    ['/navAdjustments/sharesAndSecuritiesFairValue', '/navAdjustments/immovablePropertyStampDutyValue'],
  );
  // An issue uses book values only: nothing is missing.
  assert.deepEqual(missingInputs(normalised(doc), { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES' }), []);
  // Rule 11UA NAV without projections: no DCF, no sensitivity, no DCF warnings.
  const nav = computeValuation({
    financials: noProjections,
    assumptions: { wacc: '0.12', terminalGrowthRate: '0.04' },
    engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2025-03-31' },
  });
  assert.deepEqual(
    nav.methods.map((m) => m.method),
    ['NAV_11UA_2A'],
  );
  assert.equal(nav.sensitivity, undefined);
  assert.deepEqual(
    nav.warnings.map((w) => w.code),
    [
      'BALANCE_SHEET_DATE_MORE_THAN_90_DAYS_FROM_VALUATION_DATE',
      'NAV_BALANCE_SHEET_NOT_AT_VALUATION_DATE',
      'S56_2_VIIB_NOT_APPLICABLE', // an issue on 31-3-2025: consideration received on or after 1-4-2024
    ],
  );
});

/**
 * Worked DCF examples. Every expected figure below was computed by hand (python3 `decimal`,
 * 60 digits, half-up to the paisa) from the formulas in docs/statutes.md (DCF conventions), not by running the engine.
 * Amounts are rupees.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { assertLines, loadDocument, loadFinancials, method, normalised } from './helpers.js';
import { everyBridgeItem } from '../../fixtures/valuation-inputs.js';

/** The sample company's bridge from enterprise to equity value: − 3,00,00,000 − 1,20,00,000 − 0 + 1,80,00,000 + 20,00,000 + 0. */
const SAMPLE_BRIDGE: [label: string, value: string][] = [
  ['Less: long-term borrowings', '-30000000.00'],
  ['Less: short-term borrowings', '-12000000.00'],
  ['Less: preference share capital', '0.00'],
  ['Add: cash and cash equivalents', '18000000.00'],
  ['Add: current investments', '2000000.00'],
  ['Add: non-operating assets', '0.00'],
];

// ---------------------------------------------------------------------------------------------
// Example 1: sample company (LAKHS), FEMA issue to a non-resident, end-of-year, WACC 12 %, g 4 %.
test('example 1: FEMA issue to non-resident, five years end-of-year DCF, fair value is a floor', () => {
  const result = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2026-03-31' },
  });
  const dcf = method(result, 'DCF');
  assertLines(dcf, [
    // FY2027: EBIT = 420 − 70 = 350 lakhs = 3,50,00,000; tax 25.168 % = 88,08,800
    ['FY2027 EBITDA', '42000000.00'],
    ['FY2027 Less: depreciation and amortisation', '-7000000.00'],
    ['FY2027 EBIT', '35000000.00'],
    ['FY2027 Less: tax on EBIT at 25.168%', '-8808800.00'],
    ['FY2027 NOPAT', '26191200.00'],
    ['FY2027 Add: depreciation and amortisation', '7000000.00'],
    // FCFF = 2,61,91,200 + 70,00,000 − 1,10,00,000 − 35,00,000 = 1,86,91,200
    ['FY2027 Less: capital expenditure', '-11000000.00'],
    ['FY2027 Less: change in net working capital', '-3500000.00'],
    ['FY2027 FCFF', '18691200.00'],
    // DF = 1/1.12 = 0.892857…; PV = 18691200/1.12 = 16688571.428…
    ['FY2027 Discount factor (t = 1)', '0.892857'],
    ['FY2027 Present value of FCFF', '16688571.43'],
    // FY2028: EBIT 475 − 78 = 397 lakhs; tax 99,91,696; NOPAT 2,97,08,304; FCFF = 29708304 + 7800000 − 12000000 − 4000000
    ['FY2028 EBIT', '39700000.00'],
    ['FY2028 Less: tax on EBIT at 25.168%', '-9991696.00'],
    ['FY2028 NOPAT', '29708304.00'],
    ['FY2028 FCFF', '21508304.00'],
    ['FY2028 Discount factor (t = 2)', '0.797194'], // 1/1.12^2 = 1/1.2544
    ['FY2028 Present value of FCFF', '17146288.27'], // 21508304/1.2544
    // FY2029: EBIT 445 lakhs; FCFF = 33300240 + 8500000 − 12500000 − 4200000
    ['FY2029 FCFF', '25100240.00'],
    ['FY2029 Discount factor (t = 3)', '0.711780'], // 1/1.404928
    ['FY2029 Present value of FCFF', '17865855.05'],
    // FY2030: EBIT 493 lakhs; FCFF = 36892176 + 9200000 − 13000000 − 4500000
    ['FY2030 FCFF', '28592176.00'],
    ['FY2030 Discount factor (t = 4)', '0.635518'], // 1/1.57351936
    ['FY2030 Present value of FCFF', '18170844.75'],
    // FY2031: EBIT 542 lakhs; tax 1,36,41,056; FCFF = 40558944 + 9800000 − 13500000 − 4800000
    ['FY2031 NOPAT', '40558944.00'],
    ['FY2031 FCFF', '32058944.00'],
    ['FY2031 Discount factor (t = 5)', '0.567427'], // 1/1.7623416832
    ['FY2031 Present value of FCFF', '18191105.79'],
    // Σ PV = 16688571.43 + 17146288.27 + 17865855.05 + 18170844.75 + 18191105.79 (unrounded sum)
    ['Sum of present values of FCFF', '88062665.28'],
    // TV = 32058944 × 1.04 / (0.12 − 0.04) = 33341301.76 / 0.08
    ['Terminal value at end of FY2031', '416766272.00'],
    ['Present value of terminal value', '236484375.29'], // 416766272 / 1.7623416832
    ['Enterprise value', '324547040.57'],
    ...SAMPLE_BRIDGE,
    ['Equity value', '302547040.57'],
    ['Equity shares outstanding', '1000000'],
    ['Value per equity share', '302.55'], // 302547040.57 / 10,00,000 = 302.547…
  ]);
  assert.equal(dcf.enterpriseValue, '324547040.57');
  assert.equal(result.conclusion.valuePerShare, '302.55');
  assert.equal(result.conclusion.floorOrCeiling, 'FLOOR');
  assert.equal(result.conventions.discounting, 'END_OF_YEAR');
  // PV(TV)/EV = 72.87 %: below the 75 % threshold, so no warning.
  assert.deepEqual(
    result.warnings.map((w) => w.code),
    [],
  );
});

// ---------------------------------------------------------------------------------------------
// Example 2: small company (RUPEES), mid-year, FEMA transfer non-resident → resident (ceiling).
test('example 2: mid-year discounting, FEMA transfer to resident, fair value is a ceiling', () => {
  const result = computeValuation({
    financials: loadFinancials('small-company-rupees.json'),
    assumptions: { wacc: '13.5', terminalGrowthRate: '5' },
    engagement: { statute: 'FEMA_RBI', purpose: 'TRANSFER_NON_RESIDENT_TO_RESIDENT', valuationDate: '2025-03-31' },
    options: { midYear: true },
  });
  assertLines(method(result, 'DCF'), [
    // FY2026: EBIT = 300000.50 − 50000 = 250000.50; tax = 250000.50 × 0.25168 = 62920.12584
    ['FY2026 EBIT', '250000.50'],
    ['FY2026 Less: tax on EBIT at 25.168%', '-62920.13'],
    ['FY2026 NOPAT', '187080.37'], // 187080.37416
    // FCFF = 187080.37416 + 50000 − 60000 − 20000.25 = 157080.12416
    ['FY2026 FCFF', '157080.12'],
    // DF = 1/1.135^0.5 = 0.938647…; PV = 147442.71
    ['FY2026 Discount factor (t = 0.5)', '0.938647'],
    ['FY2026 Present value of FCFF', '147442.71'],
    // FY2027: EBIT 285000; tax 71728.80; FCFF = 213271.20 + 55000 − 65000 − 22000
    ['FY2027 FCFF', '181271.20'],
    ['FY2027 Discount factor (t = 1.5)', '0.827001'], // 1/1.135^1.5
    ['FY2027 Present value of FCFF', '149911.52'],
    // FY2028: EBIT 321234.57; tax 80848.3165776; FCFF = 240386.2534224 + 60000 − 70000 − 24000
    ['FY2028 FCFF', '206386.25'],
    ['FY2028 Discount factor (t = 2.5)', '0.728636'], // 1/1.135^2.5
    ['FY2028 Present value of FCFF', '150380.36'],
    ['Sum of present values of FCFF', '447734.59'],
    // TV = 206386.2534224 × 1.05 / (0.135 − 0.05) = 2549477.25; discounted at end of year 3: 1/1.135^3 = 0.683931
    ['Terminal value at end of FY2028', '2549477.25'],
    ['Terminal value discount factor (t = 3)', '0.683931'],
    ['Present value of terminal value', '1743667.03'],
    ['Enterprise value', '2191401.62'],
    // Equity = EV − 200000 − 50000 − 0 + 80000 + 50000 + 0 = EV − 120000
    ['Equity value', '2071401.62'],
    ['Value per equity share', '207.14'], // / 10,000 shares
  ]);
  assert.equal(result.conventions.discounting, 'MID_YEAR');
  assert.equal(result.conclusion.valuePerShare, '207.14');
  assert.equal(result.conclusion.floorOrCeiling, 'CEILING');
  // PV(TV)/EV = 1743667.03 / 2191401.62 = 79.57 % > 75 %
  assert.deepEqual(
    result.warnings.map((w) => w.code),
    ['TERMINAL_VALUE_ABOVE_75_PERCENT'],
  );
  assert.match(result.warnings[0].message, /79\.57%/);
});

// ---------------------------------------------------------------------------------------------
// Example 3: loss-making start-up (THOUSANDS) with negative FCFF in FY2027 and FY2028,
// Rule 11UA issue of shares where the issuer adopts DCF under Rule 11UA(2)(b).
test('example 3: negative FCFF years, Rule 11UA issue concluded on DCF (11UA(2)(b))', () => {
  const result = computeValuation({
    financials: loadFinancials('startup-negative-fcff.json'),
    assumptions: { wacc: 18, terminalGrowthRate: 6 },
    engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
    options: { rule11uaIssueMethod: 'DCF' },
  });
  assertLines(method(result, 'DCF'), [
    // s.72: a loss pays no tax (no credit) and is carried forward, oldest first.
    // FY2027: EBIT = −150000 − 60000 = −210000; tax 0; loss c/f 210000
    ['FY2027 EBIT', '-210000.00'],
    ['FY2027 Loss brought forward', '0.00'],
    ['FY2027 Loss set off', '0.00'],
    ['FY2027 Taxable EBIT', '0.00'],
    ['FY2027 Loss carried forward', '210000.00'],
    ['FY2027 Less: tax on EBIT at 25.168%', '0.00'],
    ['FY2027 NOPAT', '-210000.00'],
    // FCFF = −210000 + 60000 − 200000 − 30000 = −380000
    ['FY2027 FCFF', '-380000.00'],
    ['FY2027 Discount factor (t = 1)', '0.847458'], // 1/1.18
    ['FY2027 Present value of FCFF', '-322033.90'], // −380000/1.18 = −322033.898…
    // FY2028: EBIT 50000, all of it set off against the 210000 b/f; taxable 0; c/f 160000
    ['FY2028 Loss brought forward', '210000.00'],
    ['FY2028 Loss set off', '-50000.00'],
    ['FY2028 Taxable EBIT', '0.00'],
    ['FY2028 Loss carried forward', '160000.00'],
    ['FY2028 Less: tax on EBIT at 25.168%', '0.00'],
    // FCFF = 50000 + 70000 − 120000 − 40000 = −40000
    ['FY2028 FCFF', '-40000.00'],
    ['FY2028 Present value of FCFF', '-28727.38'], // −40000/1.3924 = −28727.377…
    // FY2029: EBIT 340000; set off the last 160000; taxable 180000; tax 180000 × 25.168 % = 45302.40
    ['FY2029 Loss brought forward', '160000.00'],
    ['FY2029 Loss set off', '-160000.00'],
    ['FY2029 Taxable EBIT', '180000.00'],
    ['FY2029 Loss carried forward', '0.00'],
    ['FY2029 Less: tax on EBIT at 25.168%', '-45302.40'],
    ['FY2029 NOPAT', '294697.60'],
    // FCFF = 294697.60 + 80000 − 100000 − 45000 = 229697.60
    ['FY2029 FCFF', '229697.60'],
    ['FY2029 Present value of FCFF', '139801.05'], // /1.643032 = 139801.048…
    // FY2030: EBIT 670000, nothing b/f; tax 168625.60; FCFF = 501374.40 + 90000 − 110000 − 50000
    ['FY2030 FCFF', '431374.40'],
    ['FY2030 Discount factor (t = 4)', '0.515789'], // 1/1.93877776
    ['FY2030 Present value of FCFF', '222498.12'],
    // −322033.898… − 28727.377… + 139801.048… + 222498.118… = 11537.89
    ['Sum of present values of FCFF', '11537.89'],
    // No set-off in FY2030, so the terminal value rests on FY2030's FCFF as computed:
    // TV = 431374.40 × 1.06 / 0.12 = 3810473.866…
    ['Terminal value at end of FY2030', '3810473.87'],
    ['Present value of terminal value', '1965400.03'],
    ['Enterprise value', '1976937.92'], // 11537.89 + 1965400.03
    // Equity = EV − 300000 − 0 − 100000 (preference capital) + 150000 + 0 + 0
    ['Less: preference share capital', '-100000.00'],
    ['Equity value', '1726937.92'],
    ['Value per equity share', '3.45'], // / 5,00,000 shares = 3.45387…
  ]);
  // NAV 11UA(2)(a) is still shown: A = 924750 − 8000 − 5000 = 911750;
  // L = 924750 − 500000 − (−120500) − 0 − 0 − 6000 = 539250; A − L = 372500; × 1/500000 = 0.745 → 0.75 (half-up)
  assertLines(method(result, 'NAV_11UA_2A'), [
    ['A', '911750.00'],
    ['L', '539250.00'],
    ['(A − L)', '372500.00'],
    ['Fair market value per share = (A − L) × PV / PE', '0.75'],
  ]);
  assert.equal(result.conclusion.valuePerShare, '3.45');
  assert.equal(result.conclusion.byPurpose?.[0].method, 'DCF');
  // An issue on 15-2-2026 is on or after 1-4-2024: s.56(2)(viib) no longer reaches it, so no ceiling.
  assert.equal(result.conclusion.floorOrCeiling, undefined);
  // PV(TV) is 99.42 % of EV (1965400.03 / 1976937.92); balance sheet 31-12-2025 is 46 days before the valuation
  // date, and the bridge keeps its cash and borrowings (no figures at the valuation date are given).
  assert.deepEqual(
    result.warnings.map((w) => w.code),
    [
      'TERMINAL_VALUE_ABOVE_75_PERCENT',
      'NAV_BALANCE_SHEET_NOT_AT_VALUATION_DATE',
      'NET_DEBT_NOT_ROLLED_FORWARD',
      'S56_2_VIIB_NOT_APPLICABLE',
    ],
  );
  assert.match(result.warnings[0].message, /99\.42%/);
});

// ---------------------------------------------------------------------------------------------
// Example 4: ten-year projection (CRORES), Companies Act s.62, default weights DCF 50 / NAV 50.
test('example 4: ten-year projection under Companies Act s.62 with default weights', () => {
  const result = computeValuation({
    financials: loadFinancials('ten-year-company.json'),
    assumptions: { wacc: '11.25', terminalGrowthRate: '5.5' },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
  });
  assertLines(method(result, 'DCF'), [
    // FY2027: EBIT = 80 − 15 = 65 cr = 650000000; tax 25.168 % = 163592000; FCFF = 486408000 + 150000000 − 200000000 − 50000000
    ['FY2027 FCFF', '386408000.00'],
    ['FY2027 Discount factor (t = 1)', '0.898876'], // 1/1.1125
    ['FY2027 Present value of FCFF', '347333033.71'],
    // FY2030 switches to 34.944 %: EBIT 87 cr; tax 304012800
    ['FY2030 Less: tax on EBIT at 34.944%', '-304012800.00'],
    ['FY2030 FCFF', '450987200.00'],
    ['FY2030 Present value of FCFF', '294417850.20'],
    // FY2036: EBIT = 145.6 − 24 = 121.6 cr; tax 424919040; FCFF = 791080960 + 240000000 − 290000000 − 95000000
    ['FY2036 FCFF', '646080960.00'],
    ['FY2036 Discount factor (t = 10)', '0.344350'], // 1/1.1125^10
    ['FY2036 Present value of FCFF', '222477833.17'],
    ['Sum of present values of FCFF', '2897409975.12'],
    // TV = 646080960 × 1.055 / 0.0575
    ['Terminal value at end of FY2036', '11854181092.17'],
    ['Present value of terminal value', '4081984591.14'],
    ['Enterprise value', '6979394566.26'],
    // Equity = EV − 600000000 − 155000000 − 0 + 180000000 + 300000000 + 72500000 = EV − 202500000
    ['Add: non-operating assets', '72500000.00'],
    ['Equity value', '6776894566.26'],
    ['Value per equity share', '271.08'], // / 2,50,00,000 = 271.0757…
  ]);
  // Book NAV = 350 − 1.5 (unamortised) − (350 − 25 − 175.37) = 198.87 cr; / 2.5 cr shares = 79.548
  assertLines(method(result, 'NAV'), [
    ['Total assets as per balance sheet', '3500000000.00'],
    ['Less: unamortised expenditure and other amounts that are not assets', '-15000000.00'],
    ["Less: liabilities other than shareholders' funds", '-1496300000.00'],
    ['Net asset value attributable to equity', '1988700000.00'],
    ['Value per equity share', '79.55'],
  ]);
  // Conclusion = 0.5 × 271.0757826 + 0.5 × 79.548 = 135.5378913 + 39.774 = 175.3118913
  assert.equal(result.conclusion.valuePerShare, '175.31');
  assert.deepEqual(result.conclusion.weights, [
    { method: 'DCF', weightPercent: '50', valuePerShare: '271.08', weightedValuePerShare: '135.54' },
    { method: 'NAV', weightPercent: '50', valuePerShare: '79.55', weightedValuePerShare: '39.77' },
  ]);
  assert.deepEqual(result.warnings, []);
});

// ---------------------------------------------------------------------------------------------
// Example 6: a stub period. The sample company valued on 31 October 2026 on its FY2027–FY2031
// projections, FEMA issue, WACC 12 %, g 4 % (docs/valuation-method.md, Stub period). Computed by hand
// (python3 decimal, 60 digits): s = 151/365 (1 Nov 2026 – 31 Mar 2027 over the 365 days of FY2027).
const stubValuation = (midYear: boolean) =>
  computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2026-10-31' },
    options: { midYear },
  });

test('example 6a: a stub period, end-of-year: year 1 counts s × FCFF, exponents s + (k − 1), terminal s + n − 1', () => {
  const dcf = method(stubValuation(false), 'DCF');
  assertLines(dcf, [
    ['Stub fraction s', '0.413699'], // 151/365
    ['FY2027 FCFF', '18691200.00'],
    ['FY2027 FCFF for the stub period', '7732523.84'], // 18691200 × 151/365
    ['FY2027 Discount exponent', '0.413699'],
    ['FY2027 Discount factor (t = 0.413699)', '0.954198'],
    ['FY2027 Present value of FCFF', '7378359.96'],
    ['FY2028 Discount exponent', '1.413699'],
    ['FY2028 Present value of FCFF', '18324271.38'],
    ['FY2029 Present value of FCFF', '19093273.79'],
    ['FY2030 Present value of FCFF', '19419216.87'],
    ['FY2031 Discount exponent', '4.413699'],
    ['FY2031 Present value of FCFF', '19440869.89'],
    ['Sum of present values of FCFF', '83655991.89'],
    ['Terminal value at end of FY2031', '416766272.00'],
    ['Terminal value discount factor (t = 4.413699)', '0.606410'],
    ['Present value of terminal value', '252731308.53'],
    ['Enterprise value', '336387300.42'],
    ['Equity value', '314387300.42'],
    ['Value per equity share', '314.39'],
  ]);
  assert.equal(
    dcf.lines.find((l) => l.label === 'Stub fraction s')?.note,
    '151 of 365 days from the valuation date to 2027-03-31',
  );
});

test('example 6b: a stub period, mid-year: exponents s/2 for year 1 and s + k − 1.5 after; the terminal value as end-of-year', () => {
  const result = stubValuation(true);
  assertLines(method(result, 'DCF'), [
    ['FY2027 FCFF for the stub period', '7732523.84'],
    ['FY2027 Discount exponent', '0.206849'], // s/2
    ['FY2027 Discount factor (t = 0.206849)', '0.976831'],
    ['FY2027 Present value of FCFF', '7553366.42'],
    ['FY2028 Discount exponent', '0.913699'], // s + 2 − 1.5
    ['FY2028 Present value of FCFF', '19392586.01'],
    ['FY2029 Present value of FCFF', '20206421.66'],
    ['FY2030 Present value of FCFF', '20551367.40'],
    ['FY2031 Discount exponent', '3.913699'],
    ['FY2031 Present value of FCFF', '20574282.80'],
    ['Sum of present values of FCFF', '88278024.29'],
    ['Terminal value discount factor (t = 4.413699)', '0.606410'],
    ['Present value of terminal value', '252731308.53'],
    ['Enterprise value', '341009332.82'],
    ['Value per equity share', '319.01'],
  ]);
  assert.match(result.conventions.statements.join(' '), /s = 151\/365/);
});

test('no stub on the day before the first projection year: s = 1 and the whole-year figures of example 1', () => {
  const full = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2026-03-31' },
  });
  const dcf = method(full, 'DCF');
  assert.equal(dcf.valuePerShare, '302.55');
  assert.ok(!dcf.lines.some((l) => l.label === 'Stub fraction s' || l.label.endsWith('Discount exponent')));
  assert.match(full.conventions.statements.join(' '), /No stub period/);
});

// ---------------------------------------------------------------------------------------------
// Example 7: the equity bridge with every item (docs/valuation-method.md, Equity bridge). The sample
// company (LAKHS) at WACC 12 %, g 4 %, valued on 31 March 2026: EV 32,45,47,040.57 as in example 1.
test('example 7: an equity bridge with every item, each a line; equity = EV − debt − leases − expected contingencies − minority + cash + surplus cash + non-operating assets ± the cash movement', () => {
  const doc = loadDocument('sample-company.json');
  doc.equityBridge = everyBridgeItem({
    nonOperatingAssets: [{ name: 'Listed shares of Beta Ltd', fairValue: 12.5 }],
    contingentLiabilities: [{ description: 'Bank guarantee for a customer', amount: 30, probability: 10 }],
  });
  const dcf = method(
    computeValuation({
      financials: normalised(doc),
      assumptions: { wacc: 12, terminalGrowthRate: 4 },
      engagement: { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2026-03-31' },
    }),
    'DCF',
  );
  assertLines(dcf, [
    ['Enterprise value', '324547040.57'],
    ...SAMPLE_BRIDGE,
    ['Less: lease liabilities', '-4000000.00'],
    ['Less: contingent liability, Disputed excise demand (expected)', '-2000000.00'], // 50 lakh × 40 %
    ['Less: contingent liability, Bank guarantee for a customer (expected)', '-300000.00'], // 30 lakh × 10 %
    ['Less: minority interest', '-1500000.00'],
    ['Add: surplus cash', '2500000.00'],
    ['Add: non-operating asset, Vacant plot at Talegaon (fair value)', '6000000.00'],
    ['Add: non-operating asset, Listed shares of Beta Ltd (fair value)', '1250000.00'],
    ['Less: cash movement since the balance sheet', '-825000.00'],
    // 324547040.5723 − 300 − 120 + 180 + 20 − 40 − 20 − 3 − 15 + 25 + 60 + 12.5 − 8.25 lakh = EV − 208.75 lakh
    ['Equity value', '303672040.57'],
    ['Value per equity share', '303.67'],
  ]);
  assert.equal(
    dcf.lines.find((l) => l.label.startsWith('Less: contingent liability, Disputed'))?.note,
    '5000000.00 × 40% probability',
  );
});

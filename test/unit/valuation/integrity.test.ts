// Valuation integrity: the method the valuer adopts is the method valued, nothing is counted twice,
// and the law is read on the transaction date. Every expected figure is worked by hand in the test.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { computeValuation, type ValuationInput } from '../../../src/domain/valuation/engine.js';
import { loadDocument, loadFinancials, normalised, projectionsFrom } from './helpers.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const WHY = 'The issuer adopts the DCF under Rule 11UA(2)(b), by a merchant banker.';

// ---------------------------------------------------------------------------------------------
// Never substitute a method

const dcfIssue = (financials: ValuationInput['financials']): ValuationInput => ({
  financials, assumptions: { wacc: 12, terminalGrowthRate: 4 },
  engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
  judgement: { methodWeights: { DCF: 100 }, weightsRationale: WHY },
});

test('DCF adopted at 100 % by the weights, with projections starting in a year already ended: refused naming /projections, never NAV', () => {
  // FY2025 ended on 31 March 2025, before the valuation date of 31 March 2026.
  const stale = projectionsFrom(loadFinancials('sample-company.json'), 'FY2025');
  assert.throws(() => computeValuation(dcfIssue(stale)), (err: Error & { code?: string }) =>
    err.code === 'PROJECTIONS_OUT_OF_RANGE' && /^\/projections: The first projection year, FY2025, ends on 2025-03-31/.test(err.message));
  const none = { ...loadFinancials('sample-company.json'), projections: [] };
  assert.throws(() => computeValuation(dcfIssue(none)), (err: Error & { code?: string }) =>
    err.code === 'MISSING_PROJECTIONS' && /^\/projections: /.test(err.message));
  // NAV adopted instead: the same projections only drop the DCF shown for information, with a warning naming it.
  const nav = computeValuation({ ...dcfIssue(stale), judgement: { methodWeights: { NAV_11UA_2A: 100 }, weightsRationale: WHY } });
  assert.deepEqual(nav.methods.map((m) => m.method), ['NAV_11UA_2A', 'NAV_11UA_1CB'].filter((m) => nav.methods.some((x) => x.method === m)));
  assert.equal(nav.conclusion.byPurpose?.[0].method, 'NAV_11UA_2A');
  assert.ok(nav.warnings.some((w) => w.code === 'DCF_OMITTED_PROJECTIONS_NOT_FROM_VALUATION_DATE' && /discounted cash flow/.test(w.message)));
});

test('CLI: the DCF adopted by --method-weights with projections from an ended year is refused naming /projections (exit 2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'integrity-'));
  // A balance sheet of 31 March 2024 with projections from FY2025, valued on 31 March 2026.
  const document = loadDocument('sample-company.json');
  document.balanceSheetDate = '2024-03-31';
  document.projections = document.projections.map((p: { year: string }, i: number) => ({ ...p, year: `FY${2025 + i}` }));
  writeFileSync(join(dir, 'f.json'), JSON.stringify(document));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/value.ts', join(dir, 'f.json'), '--wacc', '12', '--growth', '4',
    '--statute', 'RULE_11UA', '--purpose', 'ISSUE_OF_SHARES', '--valuation-date', '2026-03-31', '--method-weights', 'DCF=100', '--weights-rationale', WHY], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 2, run.stdout);
  assert.match(run.stderr, /refused \(PROJECTIONS_OUT_OF_RANGE\): \/projections: /);
});

// ---------------------------------------------------------------------------------------------
// The law on the transaction date

test('an issue made on 10-4-2025 and valued on 25-3-2025 is outside s.56(2)(viib): no ceiling, the price test not applied', () => {
  // The valuation date sits in FY2025 (to 31-3-2025), so the projections start there: s = 6/365.
  const issue = (valuationDate: string, transactionDate: string) => computeValuation({
    financials: projectionsFrom(loadFinancials('sample-company.json'), `FY${Number(valuationDate.slice(0, 4)) + (valuationDate.slice(5) > '03-31' ? 1 : 0)}`),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate, transactionDate, proposedPricePerShare: '110.00' },
  });
  const r = issue('2025-03-25', '2025-04-10');
  assert.equal(r.transactionDate, '2025-04-10');
  assert.equal(r.conclusion.floorOrCeiling, undefined);
  assert.equal(r.conclusion.valuePerShare, '94.30'); // (A − L) × PV / PE, unchanged by the law's reach
  assert.match(r.conclusion.basis, /this issue is dated 2025-04-10, so this value is not a ceiling/);
  const warning = r.warnings.find((w) => w.code === 'S56_2_VIIB_NOT_APPLICABLE');
  assert.match(warning?.message ?? '', /reaches only consideration received before 1 April 2024.*The issue is dated 2025-04-10 \(valued as at 2025-03-25, which does not decide the law\)/);
  const [test56] = r.compliance!.tests;
  assert.equal(test56.applies, false);
  assert.match(test56.note, /for an issue dated 2025-04-10 the test has no tax consequence/);
  // An issue made on 28-3-2024, valued on the same date, is inside it: FMV × 1.10 = 94.30 × 1.10 = 103.73 is the ceiling.
  const inside = issue('2024-03-28', '2024-03-28');
  assert.equal(inside.conclusion.floorOrCeiling, 'CEILING');
  assert.equal(inside.compliance!.tests[0].applies, true);
  assert.equal(inside.compliance!.tests[0].linePerShare, '103.73');
  assert.ok(!inside.warnings.some((w) => w.code === 'S56_2_VIIB_NOT_APPLICABLE'));
});

test('the loss carry-forward cites s.72 for a projection year whose tax year begins before 1-4-2026, s.112 from it', async () => {
  const { lossCarryForwardSection, lossCarryForwardCitation } = await import('../../../src/domain/valuation/dcf.js');
  assert.equal(lossCarryForwardSection('FY2026'), 's.72'); // 1-4-2025 to 31-3-2026
  assert.equal(lossCarryForwardSection('FY2027'), 's.112'); // 1-4-2026 to 31-3-2027: the Income-tax Act, 2025
  assert.equal(lossCarryForwardCitation(['FY2027', 'FY2028']), 's.112 of the Income-tax Act, 2025');
  assert.equal(lossCarryForwardCitation(['FY2025', 'FY2026', 'FY2027']), 's.72 of the Income-tax Act, 1961 (FY2025–FY2026) and s.112 of the Income-tax Act, 2025 (FY2027)');
});

// ---------------------------------------------------------------------------------------------
// Small things

test('a recent round exactly twelve calendar months before the valuation date is not stale (month-end rule, as EDATE counts)', async () => {
  const { twelveMonthsAfter, computeRecentRound } = await import('../../../src/domain/valuation/market-evidence.js');
  assert.equal(twelveMonthsAfter('2023-02-28'), '2024-02-29'); // the last day of February → the last day of February
  assert.equal(twelveMonthsAfter('2024-02-29'), '2025-02-28');
  assert.equal(twelveMonthsAfter('2023-03-15'), '2024-03-15');
  assert.equal(twelveMonthsAfter('2023-04-30'), '2024-04-30');
  const f = { ...loadFinancials('sample-company.json'), recentRound: { date: '2023-02-28', pricePerShare: '320', instrument: 'EQUITY', amountRaised: '50000000', armsLength: true, adjustments: [] } };
  const stale = (valuationDate: string) => computeRecentRound(f as never, valuationDate)!.warnings.some((w) => w.code === 'RECENT_ROUND_STALE');
  assert.equal(stale('2024-02-29'), false, 'exactly twelve months: 28-2-2023 → 29-2-2024');
  assert.equal(stale('2024-03-01'), true, 'a day more');
});

test('an out-of-range DLOC is INVALID_DISCOUNT naming /dlocPercent, not DISCOUNT_NOT_PERMITTED', () => {
  assert.throws(() => computeValuation({
    financials: loadFinancials('sample-company.json'), assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: { dlocPercent: '50.01', dlocRationale: 'A minority stake with no board seat or veto right.' },
  }), (err: Error & { code?: string }) => err.code === 'INVALID_DISCOUNT' && /^\/dlocPercent: must be a percent from 0 to 50/.test(err.message));
});

// ---------------------------------------------------------------------------------------------
// The stub period's balance sheet

/*
 * sample-company.json (lakhs; ₹1 lakh = ₹1,00,000) valued on 31-10-2026, end-of-year, WACC 12 %, g 4 %:
 * s = 151/365 (1-11-2026 to 31-3-2027). FCFF = (EBITDA − D&A) × (1 − 25.168 %) + D&A − capex − ΔNWC:
 *   FY2027 186.912, FY2028 215.08304, FY2029 251.0024, FY2030 285.92176, FY2031 320.58944 lakhs.
 * PV (python decimal, 60 digits; exponents s, s + 1, …, s + 4):
 *   FY2027 186.912 × 151/365 = 77.3252383561… lakhs × 1.12^−0.4136986… = ₹73,78,359.9596729161
 *   FY2028 ₹1,83,24,271.3790739717; FY2029 ₹1,90,93,273.7885748547; FY2030 ₹1,94,19,216.8715717116;
 *   FY2031 ₹1,94,40,869.8869720231; sum ₹8,36,55,991.8858654772.
 * TV = 320.58944 × 1.04 / 0.08 = ₹41,67,66,272 at 1.12^−(s + 4) = 0.6064101764… → ₹25,27,31,308.5306363004.
 * EV = ₹33,63,87,300.4165017776 → 336387300.42.
 * Balance sheet bridge: − 300 − 120 borrowings + 180 cash + 20 current investments = − 220 lakhs:
 *   equity ₹31,43,87,300.4165… → 314387300.42; ÷ 10,00,000 shares = 314.3873004… → 314.39.
 * Rolled forward with debt 390 and cash 210 at the valuation date: − 390 + 210 + 20 = − 160 lakhs:
 *   equity ₹32,03,87,300.4165… → 320387300.42; per share 320.3873004… → 320.39.
 */
const stubValuation = (equityBridge?: Record<string, string>) => computeValuation({
  financials: { ...loadFinancials('sample-company.json'), ...(equityBridge && { equityBridge }) },
  assumptions: { wacc: 12, terminalGrowthRate: 4 },
  engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-10-31' },
});

test('a valuation date after the balance sheet without the figures at that date: the balance sheet\'s net debt, and a warning that nothing is rolled forward', () => {
  const r = stubValuation();
  const dcf = r.methods.find((m) => m.method === 'DCF')!;
  assert.equal(dcf.enterpriseValue, '336387300.42');
  assert.equal(dcf.equityValue, '314387300.42');
  assert.equal(dcf.valuePerShare, '314.39');
  const warning = r.warnings.find((w) => w.code === 'NET_DEBT_NOT_ROLLED_FORWARD');
  assert.match(warning?.message ?? '', /valuation date \(2026-10-31\) falls after the balance-sheet date \(2026-03-31\).*cash \(₹1,80,00,000\.00\) and borrowings \(₹4,20,00,000\.00\).*s = 151\/365.*the elapsed 214\/365 before it is not counted and not rolled into net debt/);
});

test('the bridge rolled forward with the cash and debt at the valuation date (hand figure), without the warning', () => {
  // Normalised financials are in rupees: 390 and 210 lakhs.
  const r = stubValuation({ cashAtValuationDate: '21000000.00', debtAtValuationDate: '39000000.00' }); // 210 and 390 lakhs
  const dcf = r.methods.find((m) => m.method === 'DCF')!;
  assert.equal(dcf.enterpriseValue, '336387300.42');
  assert.equal(dcf.equityValue, '320387300.42');
  assert.equal(dcf.valuePerShare, '320.39');
  assert.deepEqual(dcf.lines.filter((l) => /at the valuation date/.test(l.label)).map((l) => [l.label, l.value]), [
    ['Less: debt at the valuation date', '-39000000.00'],
    ['Add: cash and cash equivalents at the valuation date', '21000000.00'],
  ]);
  assert.ok(!r.warnings.some((w) => w.code === 'NET_DEBT_NOT_ROLLED_FORWARD'));
  assert.ok(r.conventions.statements.some((x) => /the net debt is rolled forward to the valuation date/.test(x)));
});

test('with a stub the conventions state the exponents used (s/2, s + k − 1.5, terminal s + n − 1), and no whole-year sentence beside them', () => {
  for (const midYear of [true, false]) {
    const r = computeValuation({
      financials: loadFinancials('sample-company.json'), assumptions: { wacc: 12, terminalGrowthRate: 4 },
      engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-10-31' }, options: { midYear },
    });
    const text = r.conventions.statements.join('\n');
    assert.doesNotMatch(text, /t − 0\.5|\^t\b|\^n\b/);
    assert.match(text, /\^\(s \+ n − 1\)/);
    assert.match(text, midYear ? /\^\(s\/2\).*\^\(s \+ k − 1\.5\)/ : /\^s and year k's FCFF by 1\/\(1 \+ WACC\)\^\(s \+ k − 1\)/);
  }
});

test('the financials give the cash and the debt at the valuation date together, and never beside a cash movement', async () => {
  const { parseFinancials } = await import('../../../src/domain/financials/normalise.js');
  const doc = (equityBridge: Record<string, number>) => ({ ...loadDocument('sample-company.json'), equityBridge });
  const ok = parseFinancials(doc({ cashAtValuationDate: 210, debtAtValuationDate: 390 }));
  assert.ok(ok.ok);
  assert.deepEqual(ok.ok && ok.financials.equityBridge, { cashAtValuationDate: '21000000.00', debtAtValuationDate: '39000000.00' }); // 210 and 390 lakhs
  const alone = parseFinancials(doc({ cashAtValuationDate: 210 }));
  assert.ok(!alone.ok && alone.errors.some((e) => e.path === '/equityBridge/debtAtValuationDate'));
  const both = parseFinancials(doc({ cashAtValuationDate: 210, debtAtValuationDate: 390, cashAdjustmentSinceBalanceSheet: 5 }));
  assert.ok(!both.ok && both.errors.some((e) => e.path === '/equityBridge/cashAdjustmentSinceBalanceSheet'));
});

// ---------------------------------------------------------------------------------------------
// Discounts once

test('DLOC and DLOM apply method by method: a recent round and listed peers on a minority basis are not discounted twice (hand figure)', () => {
  const doc = loadDocument('sample-company.json'); // LAKHS; book equity 100 + 850 = 950; 10,00,000 shares
  doc.peers = [{ name: 'Omicron Castings Ltd', priceToBook: 2 }];
  doc.transactions = [{ deal: 'Lambda Auto acquires Kappa Castings', date: '2025-11-15', evToEbitda: 10 }];
  doc.recentRound = {
    date: '2025-09-30', instrument: 'CCPS', pricePerShare: 320, amountRaised: 500, armsLength: true,
    adjustments: [
      { kind: 'TIME', percent: -5, reason: 'Sector multiples have fallen since the round.' },
      { kind: 'RIGHTS', percent: -10, reason: 'The CCPS carry a 1x liquidation preference the equity shares lack.' },
    ],
  };
  const r = computeValuation({
    financials: normalised(doc), assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: {
      methodWeights: { DCF: 0, NAV: 0, TRANSACTIONS: 50, COMPARABLES: 25, RECENT_ROUND: 25 }, weightsRationale: 'Market evidence only: the deals, the listed peers and the round.',
      dlocPercent: '10', dlocRationale: 'A 26 % minority stake cannot direct the board or a sale.',
      dlomPercent: '20', dlomRationale: 'Unlisted shares with no exit route within five years.',
    },
  });
  // TRANSACTIONS: 10 × 420 = 4200 − 300 − 120 + 180 + 20 = 3980 lakhs → 398.00 a share; control and
  //   marketable: 398 × 0.90 × 0.80 = 286.56.
  // COMPARABLES: P/B 2 × 950 lakhs = 1900 lakhs → 190.00; listed peers' trading prices are minority:
  //   no DLOC, DLOM only: 190 × 0.80 = 152.00.
  // RECENT_ROUND: 320 × 0.95 × 0.90 = 273.60, the price of unlisted shares: neither discount.
  // Before: 0.5 × 398 + 0.25 × 190 + 0.25 × 273.60 = 199 + 47.5 + 68.4 = 314.90.
  // After DLOC: 0.5 × 358.20 + 47.5 + 68.4 = 179.10 + 115.90 = 295.00 (DLOC 19.90 a share).
  // After DLOM: 0.5 × 286.56 + 0.25 × 152 + 68.4 = 143.28 + 38 + 68.4 = 249.68 (DLOM 45.32).
  // Discounting the weighted 314.90 twice over would give 314.90 × 0.9 × 0.8 = 226.728 → 226.73.
  assert.equal(r.conclusion.valueBeforeDiscount, '314.90');
  assert.equal(r.conclusion.valuePerShare, '249.68');
  assert.deepEqual(r.conclusion.controlDiscount && [r.conclusion.controlDiscount.valueBeforeDiscount, r.conclusion.controlDiscount.discountPerShare, r.conclusion.controlDiscount.valueAfterDiscount], ['314.90', '19.90', '295.00']);
  assert.deepEqual(r.conclusion.discount && [r.conclusion.discount.valueBeforeDiscount, r.conclusion.discount.discountPerShare, r.conclusion.discount.valueAfterDiscount], ['295.00', '45.32', '249.68']);
  assert.deepEqual(r.conclusion.discountsByMethod?.filter((m) => m.weightPercent !== '0').map((m) => [m.method, m.basis, m.controlDiscountApplies, m.marketabilityDiscountApplies, m.valueBeforeDiscounts, m.valueAfterDiscounts]), [
    ['COMPARABLES', 'MINORITY_MARKETABLE', false, true, '190.00', '152.00'],
    ['TRANSACTIONS', 'CONTROL_MARKETABLE', true, true, '398.00', '286.56'],
    ['RECENT_ROUND', 'MINORITY_NON_MARKETABLE', false, false, '273.60', '273.60'],
  ]);
  assert.match(r.conclusion.basis, /RECENT_ROUND 273\.60 = 273\.60 \(on a minority, non-marketable basis .*: no discount for lack of control or lack of marketability\)/);
});

// ---------------------------------------------------------------------------------------------
// Capital counted once

/** sample-company.json with 20,000 CCPS of ₹100 (₹20 lakh, 2 equity shares each) presented within other equity (Ind AS). */
function ccpsInOtherEquity(presentedIn?: string) {
  const doc = loadDocument('sample-company.json'); // preferenceShareCapital 0; reserves 850 lakhs include the CCPS
  doc.shareholding = [
    { holder: 'Promoters', instrument: 'EQUITY', number: 1000000, faceValue: 10 },
    { holder: 'Series A investor', instrument: 'CCPS', number: 20000, faceValue: 100, conversionRatio: 2, ...(presentedIn && { presentedIn }) },
  ];
  return normalised(doc);
}

test('CCPS in other equity without presentedIn: refused naming both figures; with presentedIn OTHER_EQUITY no add-back (hand figure)', () => {
  const run = (f: ValuationInput['financials']) => computeValuation({
    financials: f, assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: { methodWeights: { DCF: 100, NAV: 0 }, weightsRationale: 'The income approach alone for this going concern.' },
  });
  assert.throws(() => run(ccpsInOtherEquity()), (err: Error & { code?: string }) =>
    err.code === 'CAPITAL_TABLE_MISMATCH' && /^\/shareholding: .*come to ₹20,00,000\.00 .*preferenceShareCapital is ₹0\.00/.test(err.message));
  const r = run(ccpsInOtherEquity('OTHER_EQUITY'));
  const dcf = r.methods.find((m) => m.method === 'DCF')!;
  // EV (no stub, end-of-year, python decimal): Σ FCFF_t / 1.12^t + 320.58944 × 1.04 / 0.08 lakhs / 1.12^5
  //   = ₹32,45,47,040.5722875885…; equity = EV − 300 − 120 + 180 + 20 lakhs = ₹30,25,47,040.5722875885…
  // Diluted, nothing added back (the CCPS were never deducted): 302547040.5722875885 / (10,00,000 + 40,000)
  //   = 290.9106159348… → 290.91. (Adding ₹20 lakh back would give 292.8336… → 292.83, the capital counted twice.)
  assert.equal(dcf.equityValue, '302547040.57');
  assert.equal(dcf.basicValuePerShare, '302.55');
  assert.equal(dcf.valuePerShare, '290.91');
  assert.ok(!dcf.lines.some((l) => l.label.startsWith('Add: CCPS capital')));
  assert.ok(dcf.lines.some((l) => l.label.startsWith('Convertibles presented in other equity')));
});

// ---------------------------------------------------------------------------------------------
// Like with like in the market approach

function withDeals(trailingEbitda?: number) {
  const doc = loadDocument('sample-company.json'); // LAKHS; FY2027 (forward) EBITDA 420; bridge − 300 − 120 + 180 + 20 = − 220
  doc.transactions = [
    { deal: 'Lambda Auto acquires Kappa Castings', date: '2025-11-15', evToEbitda: 9, basis: 'TRAILING' },
    { deal: 'Mu Forge merges into Nu Components', date: '2025-06-30', evToEbitda: 11, basis: 'TRAILING' },
    { deal: 'Xi Precision buy-out', date: '2025-01-10', evToEbitda: 16, basis: 'TRAILING' },
  ];
  if (trailingEbitda !== undefined) doc.comparableMetrics = { ebitda: trailingEbitda };
  return normalised(doc);
}
const dealsValue = (financials: ValuationInput['financials'], marketApproach?: Record<string, unknown>) => computeValuation({
  financials, assumptions: { wacc: 12, terminalGrowthRate: 4 },
  engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
  judgement: { methodWeights: { DCF: 0, NAV: 0, TRANSACTIONS: 100 }, weightsRationale: 'The deals speak most directly to the value of control.', ...(marketApproach && { marketApproach }) },
});

test('a deal multiple on a trailing basis is applied to the trailing EBITDA (hand figures; median, mean and a percentile)', () => {
  // Trailing EBITDA at the valuation date 400 lakhs. Median of 9, 11, 16 = 11: EV 11 × 400 = 4400 lakhs;
  // equity 4400 − 220 = 4180 lakhs ÷ 10,00,000 shares = 418.00 (the forward 420 would give 11 × 420 − 220 = 4400 → 440.00).
  const median = dealsValue(withDeals(400));
  assert.equal(median.conclusion.valuePerShare, '418.00');
  const line = median.methods.find((m) => m.method === 'TRANSACTIONS')!.lines.find((l) => l.label === 'EV/EBITDA: target EBITDA')!;
  assert.equal(line.value, '40000000.00');
  assert.match(line.note ?? '', /trailing twelve months at the valuation date .* like the TRAILING multiples/);
  // Mean (9 + 11 + 16) / 3 = 12: 12 × 400 − 220 = 4580 → 458.00. 25th percentile: rank 0.25 × 2 = 0.5,
  // 9 + 0.5 × (11 − 9) = 10: 10 × 400 − 220 = 3780 → 378.00.
  assert.equal(dealsValue(withDeals(400), { transactionStatistic: 'MEAN' }).conclusion.valuePerShare, '458.00');
  assert.equal(dealsValue(withDeals(400), { transactionStatistic: 'PERCENTILE', transactionPercentile: 25 }).conclusion.valuePerShare, '378.00');
});

test('trailing deal multiples without the trailing metric are refused naming it, unless the valuer accepts the forward one', () => {
  assert.throws(() => dealsValue(withDeals()), (err: Error & { code?: string }) =>
    err.code === 'METRIC_BASIS_MISMATCH' && /^\/comparableMetrics\/ebitda: The comparable transactions' EV\/EBITDA multiples are TRAILING/.test(err.message));
  // Accepted: 11 × 420 (FY2027, forward) − 220 = 4400 lakhs → 440.00, and the line says whose choice it was.
  const accepted = dealsValue(withDeals(), { acceptBasisMismatch: true });
  assert.equal(accepted.conclusion.valuePerShare, '440.00');
  assert.match(accepted.methods.find((m) => m.method === 'TRANSACTIONS')!.lines.find((l) => l.label === 'EV/EBITDA: target EBITDA')!.note ?? '', /applied to TRAILING multiples by the valuer's explicit choice/);
});

test('comparables as converted: P/B on book equity with the CCPS and CCDs converted, P/E on earnings with the CCD interest after tax added back (hand figures)', () => {
  const doc = loadDocument('sample-company.json'); // LAKHS
  doc.balanceSheet.preferenceShareCapital = 20; // the CCPS, out of reserves
  doc.balanceSheet.reservesAndSurplus = 830;
  doc.shareholding = [
    { holder: 'Promoters', instrument: 'EQUITY', number: 1000000, faceValue: 10 },
    { holder: 'Series A investor', instrument: 'CCPS', number: 20000, faceValue: 100, conversionRatio: 2 }, // ₹20 lakh → 40,000 shares
    { holder: 'Venture debt fund', instrument: 'CCD', number: 5000, faceValue: 1000, conversionRatio: 10 }, // ₹50 lakh (in borrowings) → 50,000 shares
  ];
  doc.peers = [{ name: 'Alpha Ltd', peRatio: 10, priceToBook: 2 }];
  doc.comparableMetrics = { profitAfterTax: 180, ccdInterestAfterTax: 3 }; // 50 lakh × 8 % × (1 − 25 %) = 3 lakh
  const value = (multiples: string[]) => computeValuation({
    financials: normalised(doc), assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: { methodWeights: { DCF: 0, NAV: 0, COMPARABLES: 100 }, weightsRationale: 'Listed peers alone, the market approach the board asked for.', marketApproach: { multiples: multiples as never } },
  });
  // Diluted shares 10,00,000 + 40,000 + 50,000 = 10,90,000; equity multiples need no add-back (already as converted).
  // P/B: (100 + 830 + 20 + 50) = 1000 lakhs × 2 = ₹20,00,00,000 ÷ 10,90,000 = 183.4862385… → 183.49
  //   (book equity without the converted instruments, 930 × 2 = 1860 lakhs, would give 170.64).
  const pb = value(['priceToBook']);
  assert.equal(pb.conclusion.valuePerShare, '183.49');
  assert.match(pb.methods.find((m) => m.method === 'COMPARABLES')!.lines.find((l) => l.label === 'P/B: target book equity (share capital + reserves and surplus)')?.note ?? '', /as converted: share capital and reserves 93000000\.00 \+ CCPS capital and CCD principal 7000000\.00/);
  // P/E: (180 + 3) = 183 lakhs × 10 = ₹18,30,00,000 ÷ 10,90,000 = 167.8899082… → 167.89 (without the interest, 165.14).
  assert.equal(value(['peRatio']).conclusion.valuePerShare, '167.89');
});

// Valuation integrity (the stub period's balance sheet: the bridge at the valuation date). Every expected figure is worked by hand in the test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { loadDocument, loadFinancials } from './helpers.js';

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
const stubValuation = (equityBridge?: Record<string, string>) =>
  computeValuation({
    financials: { ...loadFinancials('sample-company.json'), ...(equityBridge && { equityBridge }) },
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-10-31' },
  });

test("a valuation date after the balance sheet without the figures at that date: the balance sheet's net debt, and a warning that nothing is rolled forward", () => {
  const r = stubValuation();
  const dcf = r.methods.find((m) => m.method === 'DCF')!;
  assert.equal(dcf.enterpriseValue, '336387300.42');
  assert.equal(dcf.equityValue, '314387300.42');
  assert.equal(dcf.valuePerShare, '314.39');
  const warning = r.warnings.find((w) => w.code === 'NET_DEBT_NOT_ROLLED_FORWARD');
  assert.match(
    warning?.message ?? '',
    /valuation date \(2026-10-31\) falls after the balance-sheet date \(2026-03-31\).*cash \(₹1,80,00,000\.00\) and borrowings \(₹4,20,00,000\.00\).*s = 151\/365.*the elapsed 214\/365 before it is not counted and not rolled into net debt/,
  );
});

test('the bridge rolled forward with the cash and debt at the valuation date (hand figure), without the warning', () => {
  // Normalised financials are in rupees: 390 and 210 lakhs.
  const r = stubValuation({ cashAtValuationDate: '21000000.00', debtAtValuationDate: '39000000.00' }); // 210 and 390 lakhs
  const dcf = r.methods.find((m) => m.method === 'DCF')!;
  assert.equal(dcf.enterpriseValue, '336387300.42');
  assert.equal(dcf.equityValue, '320387300.42');
  assert.equal(dcf.valuePerShare, '320.39');
  assert.deepEqual(
    dcf.lines.filter((l) => /at the valuation date/.test(l.label)).map((l) => [l.label, l.value]),
    [
      ['Less: debt at the valuation date', '-39000000.00'],
      ['Add: cash and cash equivalents at the valuation date', '21000000.00'],
    ],
  );
  assert.ok(!r.warnings.some((w) => w.code === 'NET_DEBT_NOT_ROLLED_FORWARD'));
  assert.ok(r.conventions.statements.some((x) => /the net debt is rolled forward to the valuation date/.test(x)));
});

test('with a stub the conventions state the exponents used (s/2, s + k − 1.5, terminal s + n − 1), and no whole-year sentence beside them', () => {
  for (const midYear of [true, false]) {
    const r = computeValuation({
      financials: loadFinancials('sample-company.json'),
      assumptions: { wacc: 12, terminalGrowthRate: 4 },
      engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-10-31' },
      options: { midYear },
    });
    const text = r.conventions.statements.join('\n');
    assert.doesNotMatch(text, /t − 0\.5|\^t\b|\^n\b/);
    assert.match(text, /\^\(s \+ n − 1\)/);
    assert.match(
      text,
      midYear ? /\^\(s\/2\).*\^\(s \+ k − 1\.5\)/ : /\^s and year k's FCFF by 1\/\(1 \+ WACC\)\^\(s \+ k − 1\)/,
    );
  }
});

test('the financials give the cash and the debt at the valuation date together, and never beside a cash movement', async () => {
  const { parseFinancials } = await import('../../../src/domain/financials/normalise.js');
  const doc = (equityBridge: Record<string, number>) => ({ ...loadDocument('sample-company.json'), equityBridge });
  const ok = parseFinancials(doc({ cashAtValuationDate: 210, debtAtValuationDate: 390 }));
  assert.ok(ok.ok);
  assert.deepEqual(ok.ok && ok.financials.equityBridge, {
    cashAtValuationDate: '21000000.00',
    debtAtValuationDate: '39000000.00',
  }); // 210 and 390 lakhs
  const alone = parseFinancials(doc({ cashAtValuationDate: 210 }));
  assert.ok(!alone.ok && alone.errors.some((e) => e.path === '/equityBridge/debtAtValuationDate'));
  const both = parseFinancials(
    doc({ cashAtValuationDate: 210, debtAtValuationDate: 390, cashAdjustmentSinceBalanceSheet: 5 }),
  );
  assert.ok(!both.ok && both.errors.some((e) => e.path === '/equityBridge/cashAdjustmentSinceBalanceSheet'));
});

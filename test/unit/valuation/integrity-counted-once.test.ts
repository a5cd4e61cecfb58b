// Valuation integrity (discounts and capital counted once). Every expected figure is worked by hand in the test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation, type ValuationInput } from '../../../src/domain/valuation/engine.js';
import { loadDocument, normalised } from './helpers.js';
import { ccpsRound } from '../../fixtures/market-evidence.js';
import { withCcps } from '../../fixtures/shareholding.js';

// ---------------------------------------------------------------------------------------------
// Discounts once

test('DLOC and DLOM apply method by method: a recent round and listed peers on a minority basis are not discounted twice (hand figure)', () => {
  const doc = loadDocument('sample-company.json'); // LAKHS; book equity 100 + 850 = 950; 10,00,000 shares
  doc.peers = [{ name: 'Omicron Castings Ltd', priceToBook: 2 }];
  doc.transactions = [{ deal: 'Lambda Auto acquires Kappa Castings', date: '2025-11-15', evToEbitda: 10 }];
  doc.recentRound = ccpsRound();
  const r = computeValuation({
    financials: normalised(doc),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: {
      methodWeights: { DCF: 0, NAV: 0, TRANSACTIONS: 50, COMPARABLES: 25, RECENT_ROUND: 25 },
      weightsRationale: 'Market evidence only: the deals, the listed peers and the round.',
      dlocPercent: '10',
      dlocRationale: 'A 26 % minority stake cannot direct the board or a sale.',
      dlomPercent: '20',
      dlomRationale: 'Unlisted shares with no exit route within five years.',
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
  // Each discount as before, discount, after.
  const steps = (d?: { valueBeforeDiscount: string; discountPerShare: string; valueAfterDiscount: string }) =>
    d && [d.valueBeforeDiscount, d.discountPerShare, d.valueAfterDiscount];
  assert.deepEqual(steps(r.conclusion.controlDiscount), ['314.90', '19.90', '295.00']);
  assert.deepEqual(steps(r.conclusion.discount), ['295.00', '45.32', '249.68']);
  assert.deepEqual(
    r.conclusion.discountsByMethod
      ?.filter((m) => m.weightPercent !== '0')
      .map((m) => [
        m.method,
        m.basis,
        m.controlDiscountApplies,
        m.marketabilityDiscountApplies,
        m.valueBeforeDiscounts,
        m.valueAfterDiscounts,
      ]),
    [
      ['COMPARABLES', 'MINORITY_MARKETABLE', false, true, '190.00', '152.00'],
      ['TRANSACTIONS', 'CONTROL_MARKETABLE', true, true, '398.00', '286.56'],
      ['RECENT_ROUND', 'MINORITY_NON_MARKETABLE', false, false, '273.60', '273.60'],
    ],
  );
  assert.match(
    r.conclusion.basis,
    /RECENT_ROUND 273\.60 = 273\.60 \(on a minority, non-marketable basis: no discount for lack of control or lack of marketability\)/,
  );
});

// ---------------------------------------------------------------------------------------------
// Capital counted once

/** sample-company.json with 20,000 CCPS of ₹100 (₹20 lakh, 2 equity shares each) presented within other equity (Ind AS). */
function ccpsInOtherEquity(presentedIn?: string) {
  const doc = loadDocument('sample-company.json'); // preferenceShareCapital 0; reserves 850 lakhs include the CCPS
  doc.shareholding = withCcps(presentedIn);
  return normalised(doc);
}

test('CCPS in other equity without presentedIn: refused naming both figures; with presentedIn OTHER_EQUITY no add-back (hand figure)', () => {
  const run = (f: ValuationInput['financials']) =>
    computeValuation({
      financials: f,
      assumptions: { wacc: 12, terminalGrowthRate: 4 },
      engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
      judgement: {
        methodWeights: { DCF: 100, NAV: 0 },
        weightsRationale: 'The income approach alone for this going concern.',
      },
    });
  assert.throws(
    () => run(ccpsInOtherEquity()),
    (err: Error & { code?: string }) =>
      err.code === 'CAPITAL_TABLE_MISMATCH' &&
      /^\/shareholding: .*come to ₹20,00,000\.00 .*preferenceShareCapital is ₹0\.00/.test(err.message),
  );
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

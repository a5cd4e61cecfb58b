// Deals for control carry a control premium: dividing the deal multiples by (1 + premium) takes it out, and the
// method's value is then on a minority basis (docs/valuation-method.md, Market approach). Figures by hand.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { judgementErrors } from '../../../src/domain/valuation/judgement.js';
import { assertLines, loadDocument, method, normalised } from './helpers.js';
import { threeTransactions } from '../../fixtures/market-evidence.js';

const WHY = 'The acquirers bought control and paid for it; the premium is taken out so the method values a minority.';
const WEIGHTS = 'The income approach leads; the deals test it from the market, after their control premium is removed.';

const valued = (judgement: Parameters<typeof computeValuation>[0]['judgement']) => {
  const doc = loadDocument('sample-company.json');
  doc.transactions = threeTransactions();
  return computeValuation({
    financials: normalised(doc),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement,
  });
};

test('the control premium is divided out of the deals’ statistic (÷ 1.20 for 20 %), and the value is a minority, marketable one', () => {
  const r = valued({
    methodWeights: { DCF: 80, TRANSACTIONS: 20 },
    weightsRationale: WEIGHTS,
    marketApproach: { transactionControlDiscountPercent: 20, transactionControlDiscountRationale: WHY },
    dlocPercent: 10,
    dlocRationale: 'The block allotted is a minority one and the income approach values the company on control.',
  });
  const deals = method(r, 'TRANSACTIONS');
  assertLines(deals, [
    ['EV/EBITDA: median of 2 deals', '10.0000'],
    ["EV/EBITDA: after removing the deals' 20% control premium (÷ 1.20)", '8.3333'], // 10 ÷ 1.2
    ['EV/EBITDA: implied enterprise value', '350000000.00'], // 10 ÷ 1.2 × 420 lakh
    ['EV/EBITDA: implied equity value', '328000000.00'], // − 300 − 120 + 180 + 20 lakh
    ["EV/Revenue: after removing the deals' 20% control premium (÷ 1.20)", '1.2500'], // 1.5 ÷ 1.2
    ['EV/Revenue: implied enterprise value', '300000000.00'], // 1.25 × 2400 lakh
    ['Equity value (simple average of 2 multiples)', '303000000.00'],
    ['Value per equity share', '303.00'],
  ]);
  // The premium divided out is measured against traded prices, so the value is minority and still marketable.
  assert.equal(deals.valueBasis, 'MINORITY_MARKETABLE');
  // The discount for lack of control reaches the DCF, on control, and not the deals, already a minority value.
  const byMethod = Object.fromEntries(r.conclusion.discountsByMethod!.map((m) => [m.method, m]));
  assert.equal(byMethod.TRANSACTIONS.basis, 'MINORITY_MARKETABLE');
  assert.equal(byMethod.TRANSACTIONS.controlDiscountApplies, false);
  assert.equal(byMethod.DCF.controlDiscountApplies, true);
});

test('the discount needs its reason, and a reason needs the discount (400 naming the field)', () => {
  const paths = (marketApproach: Record<string, unknown>) =>
    judgementErrors('COMPANIES_ACT_SEC_62', null, { marketApproach }, true).map((e) => e.path);
  assert.deepEqual(paths({ transactionControlDiscountPercent: 20 }), [
    '/marketApproach/transactionControlDiscountRationale',
  ]);
  assert.deepEqual(paths({ transactionControlDiscountRationale: WHY }), [
    '/marketApproach/transactionControlDiscountRationale',
  ]);
  assert.deepEqual(paths({ transactionControlDiscountPercent: 60, transactionControlDiscountRationale: WHY }), [
    '/marketApproach/transactionControlDiscountPercent',
  ]);
});

test('a nil discount for lack of control puts the DCF on a minority basis; the deals without their premium take the DLOM', () => {
  const r = valued({
    methodWeights: { DCF: 80, TRANSACTIONS: 20 },
    weightsRationale: WEIGHTS,
    marketApproach: { transactionControlDiscountPercent: 20, transactionControlDiscountRationale: WHY },
    dlocPercent: 0,
    dlocRationale: 'The DCF values the company as it is run, with no control premium: a minority holder shares it.',
    dlomPercent: 10,
    dlomRationale: 'A minority block of a private company has no market; studies of such discounts support 10 %.',
  });
  const byMethod = Object.fromEntries(r.conclusion.discountsByMethod!.map((m) => [m.method, m]));
  assert.equal(byMethod.DCF.basis, 'MINORITY_MARKETABLE');
  assert.equal(byMethod.DCF.controlDiscountApplies, false);
  assert.equal(byMethod.DCF.marketabilityDiscountApplies, true);
  // Minority, marketable once the premium is out: the DLOM applies, 303.00 × 0.90 = 272.70.
  assert.equal(byMethod.TRANSACTIONS.basis, 'MINORITY_MARKETABLE');
  assert.equal(byMethod.TRANSACTIONS.controlDiscountApplies, false);
  assert.equal(byMethod.TRANSACTIONS.marketabilityDiscountApplies, true);
  assert.equal(byMethod.TRANSACTIONS.valueAfterDiscounts, '272.70');
});

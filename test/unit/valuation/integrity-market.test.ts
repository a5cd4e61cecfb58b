// Valuation integrity (like with like in the market approach). Every expected figure is worked by hand in the test.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation, type ValuationInput } from '../../../src/domain/valuation/engine.js';
import { loadDocument, normalised } from './helpers.js';

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
const dealsValue = (financials: ValuationInput['financials'], marketApproach?: Record<string, unknown>) =>
  computeValuation({
    financials,
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: {
      methodWeights: { DCF: 0, NAV: 0, TRANSACTIONS: 100 },
      weightsRationale: 'The deals speak most directly to the value of control.',
      ...(marketApproach && { marketApproach }),
    },
  });

test('a deal multiple on a trailing basis is applied to the trailing EBITDA (hand figures; median, mean and a percentile)', () => {
  // Trailing EBITDA at the valuation date 400 lakhs. Median of 9, 11, 16 = 11: EV 11 × 400 = 4400 lakhs;
  // equity 4400 − 220 = 4180 lakhs ÷ 10,00,000 shares = 418.00 (the forward 420 would give 11 × 420 − 220 = 4400 → 440.00).
  const median = dealsValue(withDeals(400));
  assert.equal(median.conclusion.valuePerShare, '418.00');
  const line = median.methods
    .find((m) => m.method === 'TRANSACTIONS')!
    .lines.find((l) => l.label === 'EV/EBITDA: target EBITDA')!;
  assert.equal(line.value, '40000000.00');
  assert.match(line.note ?? '', /trailing twelve months to the valuation date, like the trailing multiples/);
  // Mean (9 + 11 + 16) / 3 = 12: 12 × 400 − 220 = 4580 → 458.00. 25th percentile: rank 0.25 × 2 = 0.5,
  // 9 + 0.5 × (11 − 9) = 10: 10 × 400 − 220 = 3780 → 378.00.
  assert.equal(dealsValue(withDeals(400), { transactionStatistic: 'MEAN' }).conclusion.valuePerShare, '458.00');
  assert.equal(
    dealsValue(withDeals(400), { transactionStatistic: 'PERCENTILE', transactionPercentile: 25 }).conclusion
      .valuePerShare,
    '378.00',
  );
});

test('trailing deal multiples without the trailing metric are refused naming it, unless the valuer accepts the forward one', () => {
  assert.throws(
    () => dealsValue(withDeals()),
    (err: Error & { code?: string }) =>
      err.code === 'METRIC_BASIS_MISMATCH' &&
      /^\/comparableMetrics\/ebitda: The comparable transactions' EV\/EBITDA multiples are TRAILING/.test(err.message),
  );
  // Accepted: 11 × 420 (FY2027, forward) − 220 = 4400 lakhs → 440.00, and the line says whose choice it was.
  const accepted = dealsValue(withDeals(), { acceptBasisMismatch: true });
  assert.equal(accepted.conclusion.valuePerShare, '440.00');
  assert.match(
    accepted.methods
      .find((m) => m.method === 'TRANSACTIONS')!
      .lines.find((l) => l.label === 'EV/EBITDA: target EBITDA')!.note ?? '',
    /applied to trailing multiples by the valuer's explicit choice/,
  );
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
  const value = (multiples: string[]) =>
    computeValuation({
      financials: normalised(doc),
      assumptions: { wacc: 12, terminalGrowthRate: 4 },
      engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
      judgement: {
        methodWeights: { DCF: 0, NAV: 0, COMPARABLES: 100 },
        weightsRationale: 'Listed peers alone, the market approach the board asked for.',
        marketApproach: { multiples: multiples as never },
      },
    });
  // Diluted shares 10,00,000 + 40,000 + 50,000 = 10,90,000; equity multiples need no add-back (already as converted).
  // P/B: (100 + 830 + 20 + 50) = 1000 lakhs × 2 = ₹20,00,00,000 ÷ 10,90,000 = 183.4862385… → 183.49
  //   (book equity without the converted instruments, 930 × 2 = 1860 lakhs, would give 170.64).
  const pb = value(['priceToBook']);
  assert.equal(pb.conclusion.valuePerShare, '183.49');
  assert.match(
    pb.methods
      .find((m) => m.method === 'COMPARABLES')!
      .lines.find((l) => l.label === 'P/B: target book equity (share capital + reserves and surplus)')?.note ?? '',
    /as converted: share capital and reserves 93000000\.00 \+ CCPS capital and CCD principal 7000000\.00/,
  );
  // P/E: (180 + 3) = 183 lakhs × 10 = ₹18,30,00,000 ÷ 10,90,000 = 167.8899082… → 167.89 (without the interest, 165.14).
  assert.equal(value(['peRatio']).conclusion.valuePerShare, '167.89');
});

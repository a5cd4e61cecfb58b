// The market approach as the valuer applies it (docs/valuation-method.md, Market approach). Expected
// figures computed by hand, not by running the engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { judgementErrors } from '../../../src/domain/valuation/judgement.js';
import { percentile } from '../../../src/domain/valuation/comparables.js';
import { dec } from '../../../src/domain/valuation/money.js';
import { assertLines, loadDocument, method, normalised } from './helpers.js';
import { percentile40LessTen, withFourPeers } from '../../fixtures/market-evidence.js';

const WHY = 'The peers are larger and listed: a discount for size and liquidity applies.';

/** The four peers and a fifth with a negative EV/EBITDA, which is left out. */
function withPeers() {
  const doc = withFourPeers(loadDocument('sample-company.json')); // LAKHS; FY2027 EBITDA 420, book equity 950
  doc.peers.push({ name: 'Epsilon Ltd', evToEbitda: -3 });
  return normalised(doc);
}

test('percentile (PERCENTILE.INC): linear between closest ranks', () => {
  const v = ['8', '10', '12', '15'].map((x) => dec(x));
  assert.equal(percentile(v, dec(40)).toString(), '10.4'); // rank 0.4 × 3 = 1.2: 10 + 0.2 × 2
  assert.equal(percentile(v, dec(50)).toString(), '11'); // the median
  assert.equal(percentile(v, dec(25)).toString(), '9.5'); // rank 0.75: 8 + 0.75 × 2
  assert.equal(percentile(v, dec(75)).toString(), '12.75'); // rank 2.25: 12 + 0.25 × 3
});

test('chosen multiples, the 40th percentile, exclusions named, and a 10 % discount to the peers', () => {
  const r = computeValuation({
    financials: withPeers(),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: {
      methodWeights: { DCF: 0, NAV: 0, COMPARABLES: 100 },
      weightsRationale: 'The market approach alone for this comparison.',
      marketApproach: percentile40LessTen(WHY),
    },
  });
  const c = method(r, 'COMPARABLES');
  assertLines(c, [
    ['EV/EBITDA: Alpha Ltd', '8.0000'],
    ['EV/EBITDA: Beta Ltd', '10.0000'],
    ['EV/EBITDA: Gamma Ltd', '12.0000'],
    ['EV/EBITDA: Delta Ltd', '15.0000'],
    ['EV/EBITDA: Epsilon Ltd', '-3.0000'],
    ['EV/EBITDA: 40th percentile of 4 peers', '10.4000'], // 8, 10, 12, 15: rank 1.2
    ['EV/EBITDA: after a 10% discount to the peers', '9.3600'],
    ['EV/EBITDA: target EBITDA', '42000000.00'], // FY2027, a forward multiple
    ['EV/EBITDA: implied enterprise value', '393120000.00'], // 9.36 × 420 lakh
    ['EV/EBITDA: implied equity value', '371120000.00'], // − 300 − 120 + 180 + 20 lakh
    ['P/E: Alpha Ltd', '12.0000'],
    ['P/E: Gamma Ltd', '20.0000'],
    ['P/E: Beta Ltd', '-5.0000'],
    ['P/E: 40th percentile of 2 peers', '15.2000'], // 12 + 0.4 × 8
    ['P/E: after a 10% discount to the peers', '13.6800'],
    ['P/E: target profit after tax', '18000000.00'],
    ['P/E: implied equity value', '246240000.00'], // 13.68 × 180 lakh
    ['Equity value (simple average of 2 multiples)', '308680000.00'],
    ['Value per equity share', '308.68'],
  ]);
  const note = (label: string) => c.lines.find((l) => l.label === label)?.note;
  assert.equal(note('EV/EBITDA: Epsilon Ltd'), 'excluded: negative');
  assert.equal(note('EV/EBITDA: 40th percentile of 4 peers'), 'excluded: Epsilon Ltd (negative)');
  assert.equal(
    note('P/E: 40th percentile of 2 peers'),
    'excluded: Beta Ltd (negative), Delta Ltd (not reported), Epsilon Ltd (not reported)',
  );
  assert.equal(note('EV/EBITDA: after a 10% discount to the peers'), WHY, 'the reason once, with the first multiple');
  assert.equal(note('P/E: after a 10% discount to the peers'), 'as above');
  assert.ok(
    !c.lines.some((l) => l.label.startsWith('EV/Revenue') || l.label.startsWith('P/B')),
    'only the chosen multiples',
  );
  assert.equal(r.conclusion.valuePerShare, '308.68');
});

test('the mean, and refusals: a percentile outside 25–75, a discount without its reason, an unknown multiple', () => {
  const r = computeValuation({
    financials: withPeers(),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: { marketApproach: { multiples: ['evToEbitda'], statistic: 'MEAN' } },
  });
  assertLines(method(r, 'COMPARABLES'), [['EV/EBITDA: mean of 4 peers', '11.2500']]); // (8 + 10 + 12 + 15) / 4
  const errors = judgementErrors(
    'COMPANIES_ACT_SEC_62',
    null,
    {
      marketApproach: {
        multiples: ['evToEbitda', 'evToSales' as never],
        statistic: 'PERCENTILE',
        percentile: 90,
        discountPercent: 10,
      },
    },
    true,
  );
  assert.deepEqual(
    errors.map((e) => [e.code, e.path]),
    [
      ['INVALID_MARKET_APPROACH', '/marketApproach/multiples'],
      ['INVALID_MARKET_APPROACH', '/marketApproach/percentile'],
      ['MISSING_RATIONALE', '/marketApproach/discountRationale'],
    ],
  );
});

// Comparable transactions and the price of a recent investment (docs/valuation-method.md, Market
// approach). Expected figures computed by hand, not by running the engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { assertLines, loadDocument, method, normalised } from './helpers.js';
import { ccpsRound, threeTransactions } from '../../fixtures/market-evidence.js';

const WHY = 'Four methods, each with evidence of its own, weighed by how directly each speaks to value.';

function withEvidence() {
  const doc = loadDocument('sample-company.json'); // LAKHS; FY2027 EBITDA 420, revenue 2400
  doc.transactions = threeTransactions();
  doc.recentRound = ccpsRound();
  return normalised(doc);
}

const value = (
  valuationDate: string,
  judgement?: Parameters<typeof computeValuation>[0]['judgement'],
  statute: 'COMPANIES_ACT_SEC_62' | 'FEMA_RBI' = 'COMPANIES_ACT_SEC_62',
) =>
  computeValuation({
    financials: withEvidence(),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute, valuationDate },
    ...(judgement && { judgement }),
  });

test("comparable transactions: the median of the deals' positive multiples, through the equity bridge", () => {
  assertLines(method(value('2026-03-31'), 'TRANSACTIONS'), [
    ['EV/EBITDA: Lambda Auto acquires Kappa Castings (2025-11-15)', '9.0000'],
    ['EV/EBITDA: Mu Forge merges into Nu Components (2025-06-30)', '11.0000'],
    ['EV/EBITDA: Xi Precision buy-out (2024-12-01)', '-2.0000'],
    ['EV/EBITDA: median of 2 deals', '10.0000'],
    ['EV/EBITDA: implied enterprise value', '420000000.00'], // 10 × 420 lakh
    ['EV/EBITDA: implied equity value', '398000000.00'], // − 300 − 120 + 180 + 20 lakh
    ['EV/Revenue: median of 1 deal', '1.5000'],
    ['EV/Revenue: implied enterprise value', '360000000.00'], // 1.5 × 2400 lakh
    ['EV/Revenue: implied equity value', '338000000.00'],
    ['Equity value (simple average of 2 multiples)', '368000000.00'],
    ['Value per equity share', '368.00'],
  ]);
});

test("a recent round: its price adjusted for time and for the instrument's rights, each with its reason", () => {
  const r = value('2026-03-31');
  const round = method(r, 'RECENT_ROUND');
  assertLines(round, [
    ['Price per share in the round of 2025-09-30 (compulsorily convertible preference shares)', '320.00'],
    ['Adjustment for the time since the round', '-5'],
    ["Adjustment for the instrument's rights", '-10'],
    ['Value per equity share', '273.60'], // 320 × 0.95 × 0.90
  ]);
  assert.equal(round.lines[1].note, 'Sector multiples have fallen since the round.');
  assert.ok(!r.warnings.some((w) => w.code === 'RECENT_ROUND_STALE'), 'six months old');
  // Valued on 31 October 2026, the round of 30 September 2025 is more than twelve months old.
  const later = value('2026-10-31', undefined, 'FEMA_RBI');
  assert.match(
    later.warnings.find((w) => w.code === 'RECENT_ROUND_STALE')?.message ?? '',
    /2025-09-30 is more than twelve months before the valuation date 2026-10-31/,
  );
});

test('both take weights like the other methods; a weight on evidence not given is refused', () => {
  const r = value('2026-03-31', {
    methodWeights: { DCF: 40, NAV: 10, TRANSACTIONS: 20, RECENT_ROUND: 30 },
    weightsRationale: WHY,
  });
  // 0.4 × 302.5470405723 + 0.1 × 94.50 + 0.2 × 368.00 + 0.3 × 273.60 = 286.1488162289
  assert.equal(r.conclusion.valuePerShare, '286.15');
  assert.deepEqual(
    r.conclusion.weights?.map((w) => [w.method, w.weightPercent, w.weightedValuePerShare]),
    [
      ['DCF', '40', '121.02'],
      ['NAV', '10', '9.45'],
      ['TRANSACTIONS', '20', '73.60'],
      ['RECENT_ROUND', '30', '82.08'],
    ],
  );
  assert.throws(
    () =>
      computeValuation({
        financials: normalised(loadDocument('sample-company.json')),
        assumptions: { wacc: 12, terminalGrowthRate: 4 },
        engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
        judgement: { methodWeights: { DCF: 70, RECENT_ROUND: 30 }, weightsRationale: WHY },
      }),
    /no recent investment round/,
  );
});

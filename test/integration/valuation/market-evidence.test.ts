// Market evidence through the API (docs/valuation-method.md, Market approach): a recent round more than
// twelve months old is valued with a warning the valuation and its report carry; comparable transactions
// and the round take the valuer's weights at the lock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import {
  CAPM_LOCK,
  fixture,
  lockedAndValued,
  sourced,
  valuationOf,
  withFinancials,
} from '../../helpers/engagements.js';
import { pdfText } from '../../helpers/pdf.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const financials = (roundDate: string) => ({
  ...fixture('sample-company.json'),
  transactions: [{ deal: 'Lambda Auto acquires Kappa Castings', date: '2025-11-15', evToEbitda: 9, evToRevenue: 1.5 }],
  recentRound: {
    date: roundDate,
    instrument: 'EQUITY',
    pricePerShare: 320,
    amountRaised: 500,
    armsLength: true,
    adjustments: [{ kind: 'TIME', percent: -5, reason: 'Sector multiples have fallen since the round.' }],
  },
});

test('a round more than twelve months before the valuation date is valued with RECENT_ROUND_STALE, in the result and the report', async () => {
  const e = await withFinancials(
    t,
    bearer,
    { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' }, // valued on 31 March 2026
    sourced(financials('2025-03-15')),
  );
  await lockedAndValued(t, bearer, e.id, {
    ...CAPM_LOCK,
    methodWeights: { DCF: 60, TRANSACTIONS: 20, RECENT_ROUND: 20 },
    weightsRationale: "The income approach leads; a deal in the trade and the company's round test it.",
  });
  const v = await valuationOf(t, bearer, e.id);
  assert.deepEqual(
    v.methods.map((m: { method: string }) => m.method),
    ['DCF', 'NAV', 'TRANSACTIONS', 'RECENT_ROUND'],
  );
  assert.equal(v.methods.find((m: { method: string }) => m.method === 'RECENT_ROUND').valuePerShare, '304.00'); // 320 × 0.95
  assert.match(
    v.warnings.find((w: { code: string }) => w.code === 'RECENT_ROUND_STALE')?.message ?? '',
    /2025-03-15 is more than twelve months before the valuation date 2026-03-31/,
  );
  assert.deepEqual(
    v.conclusion.weights.map((w: { method: string; weightPercent: string }) => [w.method, w.weightPercent]),
    [
      ['DCF', '60'],
      ['NAV', '0'],
      ['TRANSACTIONS', '20'],
      ['RECENT_ROUND', '20'],
    ],
  );
  const text = pdfText(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: bearer })).rawPayload,
  );
  for (const expected of [
    'Comparable transactions',
    'Price of a recent investment',
    'Lambda Auto acquires Kappa Castings',
    'more than twelve months before the valuation date',
  ]) {
    assert.ok(text.includes(expected), `the report shows ${expected}`);
  }
});

test('a round four months before the valuation date carries no staleness warning, and the valuer weighs it at the lock', async () => {
  const s62 = { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined };
  const e = await withFinancials(t, bearer, s62, sourced(financials('2025-12-01')));
  await lockedAndValued(t, bearer, e.id, {
    ...CAPM_LOCK,
    methodWeights: { DCF: 70, RECENT_ROUND: 30 },
    weightsRationale: 'The income approach leads; the recent round tests it.',
  });
  const v = await valuationOf(t, bearer, e.id);
  assert.ok(!v.warnings.some((w: { code: string }) => w.code === 'RECENT_ROUND_STALE'), 'four months old');
});

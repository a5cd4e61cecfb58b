// No engagement fails for an input the lock accepted: over random valid lock bodies and financials, either the
// lock refuses (4xx, nothing locked) or the computation completes and the engagement reaches GATE_1 — never
// FAILED (docs/valuation-method.md: the lock runs the computation). Bounded: 25 runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { type TestApp } from '../../helpers/app.js';
import { adminApp, asUser } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, sourced, status, upload } from '../../helpers/engagements.js';
import { EXAMPLE_MARKET_EVIDENCE } from '../../fixtures/sample-report.js';
import { WEIGHTS_WHY } from '../../fixtures/judgement.js';

let t: TestApp, as: Record<string, string>;
adminApp((s) => {
  t = s.t;
  as = asUser(s.admin);
});

const METHODS = ['DCF', 'NAV', 'COMPARABLES', 'TRANSACTIONS', 'RECENT_ROUND'] as const;
/** A percent with up to two decimals, from `lo` to `hi`. */
const percent = (lo: number, hi: number) => fc.integer({ min: lo * 100, max: hi * 100 }).map((x) => x / 100);

const financialsArb = fc.record({
  reservesDelta: fc.integer({ min: -1500, max: 3000 }),
  ebitdaScale: fc.constantFrom(-0.5, 0, 0.3, 1, 4),
  years: fc.integer({ min: 3, max: 5 }),
  peers: fc.boolean(),
  transactions: fc.boolean(),
  recentRound: fc.boolean(),
});

/** Weights on a subset of the methods, whole percents summing to 100. */
const weightsArb = fc.subarray([...METHODS], { minLength: 1 }).chain((ms) =>
  fc.array(fc.integer({ min: 0, max: 100 }), { minLength: ms.length, maxLength: ms.length }).map((raw) => {
    const total = raw.reduce((a, b) => a + b, 0) || 1;
    const w = raw.map((r) => Math.floor((r * 100) / total));
    w[0] += 100 - w.reduce((a, b) => a + b, 0);
    return Object.fromEntries(ms.map((m, i) => [m, w[i]]));
  }),
);

const lockArb = fc.record({
  statute: fc.constantFrom('COMPANIES_ACT_SEC_62', 'FEMA_RBI'),
  wacc: percent(6, 25),
  growth: percent(-2, 12),
  weights: fc.option(weightsArb, { nil: undefined }),
  dlom: fc.option(percent(0, 50), { nil: undefined }),
  statistic: fc.option(fc.constantFrom('MEDIAN', 'MEAN'), { nil: undefined }),
});

type Financials = typeof financialsArb extends fc.Arbitrary<infer X> ? X : never;

/** The sample company changed as drawn; the balance sheet still balances (reserves against cash or liabilities). */
function financialsOf(x: Financials) {
  const doc = fixture('sample-company.json');
  const bs = doc.balanceSheet;
  bs.reservesAndSurplus += x.reservesDelta;
  if (x.reservesDelta >= 0) bs.cashAndCashEquivalents += x.reservesDelta;
  else bs.otherCurrentLiabilities -= x.reservesDelta;
  doc.projections = doc.projections
    .slice(0, x.years)
    .map((p: { ebitda: number }) => ({ ...p, ebitda: Math.round(p.ebitda * x.ebitdaScale * 100) / 100 }));
  const m = EXAMPLE_MARKET_EVIDENCE;
  if (x.peers) Object.assign(doc, { peers: m.peers, comparableMetrics: m.comparableMetrics });
  if (x.transactions) Object.assign(doc, { transactions: m.transactions });
  if (x.recentRound) Object.assign(doc, { recentRound: m.recentRound });
  return sourced(doc);
}

test('over random lock bodies and financials the lock refuses or the engagement reaches GATE_1, never FAILED', async (ctx) => {
  const outcomes = { refusedAtUpload: 0, refusedAtLock: 0, completed: 0 };
  await fc.assert(
    fc.asyncProperty(financialsArb, lockArb, async (fin, l) => {
      const e = await createEngagement(t, as, {
        statute: l.statute,
        purpose: l.statute === 'FEMA_RBI' ? 'ISSUE_TO_NON_RESIDENT' : undefined,
      });
      const doc = Buffer.from(JSON.stringify(financialsOf(fin)));
      const up = await upload(t, as, e.id, 'FINANCIALS', 'f.json', doc);
      assert.ok(up.statusCode === 201 || (up.statusCode >= 400 && up.statusCode < 500), up.body);
      await t.worker.drain();
      if (up.statusCode !== 201 || (await status(t, as, e.id)) !== 'DATA_READY') {
        outcomes.refusedAtUpload += 1;
        assert.notEqual(await status(t, as, e.id), 'FAILED');
        return;
      }
      const res = await lock(t, as, e.id, {
        wacc: l.wacc,
        terminalGrowthRate: l.growth,
        rationale: 'Cost of equity by CAPM on the 10-year G-sec; peer beta relevered.',
        ...(l.weights && { methodWeights: l.weights, weightsRationale: WEIGHTS_WHY }),
        ...(l.dlom !== undefined && {
          dlomPercent: l.dlom,
          dlomRationale: 'Unlisted shares with a lock-in; restricted-stock studies support the discount.',
        }),
        ...(l.statistic && { marketApproach: { statistic: l.statistic } }),
      });
      assert.ok(res.statusCode === 200 || (res.statusCode >= 400 && res.statusCode < 500), res.body);
      await t.worker.drain();
      const now = await status(t, as, e.id);
      if (res.statusCode === 200) {
        outcomes.completed += 1;
        assert.equal(now, 'GATE_1', `accepted, then ${now}: ${JSON.stringify({ fin, l })}`);
      } else {
        outcomes.refusedAtLock += 1;
        assert.equal(now, 'DATA_READY', `refused (${res.body}), then ${now}`);
      }
    }),
    { numRuns: 25 },
  );
  ctx.diagnostic(`outcomes: ${JSON.stringify(outcomes)}`);
});

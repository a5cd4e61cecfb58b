// Valuation integrity: the method the valuer adopts is the method valued, nothing is counted twice,
// and the law is read on the transaction date. Every expected figure is worked by hand in the test.
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { computeValuation, type ValuationInput } from '../../../src/domain/valuation/engine.js';
import { loadDocument, loadFinancials, projectionsFrom } from './helpers.js';
import { cliArgs, runCli } from '../../helpers/cli.js';
import { twoYearsEarlier } from '../../helpers/engagements.js';

const WHY = 'The issuer adopts the DCF under Rule 11UA(2)(b), by a merchant banker.';

// ---------------------------------------------------------------------------------------------
// Never substitute a method

const dcfIssue = (financials: ValuationInput['financials']): ValuationInput => ({
  financials,
  assumptions: { wacc: 12, terminalGrowthRate: 4 },
  engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
  judgement: { methodWeights: { DCF: 100 }, weightsRationale: WHY },
});

test('DCF adopted at 100 % by the weights, with projections starting in a year already ended: refused naming /projections, never NAV', () => {
  // FY2025 ended on 31 March 2025, before the valuation date of 31 March 2026.
  const stale = projectionsFrom(loadFinancials('sample-company.json'), 'FY2025');
  assert.throws(
    () => computeValuation(dcfIssue(stale)),
    (err: Error & { code?: string }) =>
      err.code === 'PROJECTIONS_OUT_OF_RANGE' &&
      /^\/projections: The first projection year, FY2025, ends on 2025-03-31/.test(err.message),
  );
  const none = { ...loadFinancials('sample-company.json'), projections: [] };
  assert.throws(
    () => computeValuation(dcfIssue(none)),
    (err: Error & { code?: string }) => err.code === 'MISSING_PROJECTIONS' && /^\/projections: /.test(err.message),
  );
  // NAV adopted instead: the same projections only drop the DCF shown for information, with a warning naming it.
  const nav = computeValuation({
    ...dcfIssue(stale),
    judgement: { methodWeights: { NAV_11UA_2A: 100 }, weightsRationale: WHY },
  });
  assert.deepEqual(
    nav.methods.map((m) => m.method),
    ['NAV_11UA_2A', 'NAV_11UA_1CB'].filter((m) => nav.methods.some((x) => x.method === m)),
  );
  assert.equal(nav.conclusion.byPurpose?.[0].method, 'NAV_11UA_2A');
  assert.ok(
    nav.warnings.some(
      (w) => w.code === 'DCF_OMITTED_PROJECTIONS_NOT_FROM_VALUATION_DATE' && /discounted cash flow/.test(w.message),
    ),
  );
});

test('CLI: the DCF adopted by --method-weights with projections from an ended year is refused naming /projections (exit 2)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'integrity-'));
  // A balance sheet of 31 March 2024 with projections from FY2025, valued on 31 March 2026.
  const document = twoYearsEarlier(loadDocument('sample-company.json'));
  writeFileSync(join(dir, 'f.json'), JSON.stringify(document));
  const run = runCli(
    cliArgs(join(dir, 'f.json'), '12', '4', '--statute', 'RULE_11UA', '--purpose', 'ISSUE_OF_SHARES').concat([
      '--valuation-date',
      '2026-03-31',
      '--method-weights',
      'DCF=100',
      '--weights-rationale',
      WHY,
    ]),
  );
  assert.equal(run.status, 2, run.stdout);
  assert.match(run.stderr, /refused \(PROJECTIONS_OUT_OF_RANGE\): \/projections: /);
});

// ---------------------------------------------------------------------------------------------
// The law on the transaction date

test('an issue made on 10-4-2025 and valued on 25-3-2025 is outside s.56(2)(viib): no ceiling, the price test not applied', () => {
  // The valuation date sits in FY2025 (to 31-3-2025), so the projections start there: s = 6/365.
  const issue = (valuationDate: string, transactionDate: string) =>
    computeValuation({
      financials: projectionsFrom(
        loadFinancials('sample-company.json'),
        `FY${Number(valuationDate.slice(0, 4)) + (valuationDate.slice(5) > '03-31' ? 1 : 0)}`,
      ),
      assumptions: { wacc: 12, terminalGrowthRate: 4 },
      engagement: {
        statute: 'RULE_11UA',
        purpose: 'ISSUE_OF_SHARES',
        valuationDate,
        transactionDate,
        proposedPricePerShare: '110.00',
      },
    });
  const r = issue('2025-03-25', '2025-04-10');
  assert.equal(r.transactionDate, '2025-04-10');
  assert.equal(r.conclusion.floorOrCeiling, undefined);
  assert.equal(r.conclusion.valuePerShare, '94.30'); // (A − L) × PV / PE, unchanged by the law's reach
  assert.match(r.conclusion.basis, /this issue is dated 2025-04-10, so this value is not a ceiling/);
  const warning = r.warnings.find((w) => w.code === 'S56_2_VIIB_NOT_APPLICABLE');
  assert.match(
    warning?.message ?? '',
    /reaches only consideration received before 1 April 2024.*The issue is dated 2025-04-10 \(valued as at 2025-03-25, which does not decide the law\)/,
  );
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
  assert.equal(
    lossCarryForwardCitation(['FY2025', 'FY2026', 'FY2027']),
    's.72 of the Income-tax Act, 1961 (FY2025–FY2026) and s.112 of the Income-tax Act, 2025 (FY2027)',
  );
});

// ---------------------------------------------------------------------------------------------
// Small things

test('a recent round exactly twelve calendar months before the valuation date is not stale (month-end rule, as EDATE counts)', async () => {
  const { twelveMonthsAfter, computeRecentRound } = await import('../../../src/domain/valuation/market-evidence.js');
  assert.equal(twelveMonthsAfter('2023-02-28'), '2024-02-29'); // the last day of February → the last day of February
  assert.equal(twelveMonthsAfter('2024-02-29'), '2025-02-28');
  assert.equal(twelveMonthsAfter('2023-03-15'), '2024-03-15');
  assert.equal(twelveMonthsAfter('2023-04-30'), '2024-04-30');
  const f = {
    ...loadFinancials('sample-company.json'),
    recentRound: {
      date: '2023-02-28',
      pricePerShare: '320',
      instrument: 'EQUITY',
      amountRaised: '50000000',
      armsLength: true,
      adjustments: [],
    },
  };
  const stale = (valuationDate: string) =>
    computeRecentRound(f as never, valuationDate)!.warnings.some((w) => w.code === 'RECENT_ROUND_STALE');
  assert.equal(stale('2024-02-29'), false, 'exactly twelve months: 28-2-2023 → 29-2-2024');
  assert.equal(stale('2024-03-01'), true, 'a day more');
});

test('an out-of-range DLOC is INVALID_DISCOUNT naming /dlocPercent, not DISCOUNT_NOT_PERMITTED', () => {
  assert.throws(
    () =>
      computeValuation({
        financials: loadFinancials('sample-company.json'),
        assumptions: { wacc: 12, terminalGrowthRate: 4 },
        engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
        judgement: { dlocPercent: '50.01', dlocRationale: 'A minority stake with no board seat or veto right.' },
      }),
    (err: Error & { code?: string }) =>
      err.code === 'INVALID_DISCOUNT' && /^\/dlocPercent: must be a percent from 0 to 50/.test(err.message),
  );
});

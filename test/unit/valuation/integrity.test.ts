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
import { loadDocument, loadFinancials, projectionsFrom } from './helpers.js';

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

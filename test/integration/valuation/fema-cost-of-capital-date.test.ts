// FEMA: the market figures behind the cost of capital read more than 30 days from the valuation date are warned of
// at the lock and in the valuation, and the report prints the warning and the date they were read
// (docs/statutes.md, FEMA). Within 30 days, and under another statute, nothing is said.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, upload, PROJECTIONS_NOTE } from '../../helpers/engagements.js';
import { EXAMPLE_COST_OF_CAPITAL } from '../../fixtures/sample-report.js';
import { statedWaccOf } from '../../../src/contract/cost-of-capital.js';

let t: TestApp;
let bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

// The example firm's build-up, its rates as JSON numbers; the WACC stated is the one it builds to.
const BUILD_UP = Object.fromEntries(
  Object.entries(EXAMPLE_COST_OF_CAPITAL)
    .filter(([k]) => k !== 'sourceDate')
    .map(([k, v]) => [k, typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v]),
);
const WACC = Number(statedWaccOf(EXAMPLE_COST_OF_CAPITAL));

async function locked(statute: string, purpose: string | undefined, sourceDate: string) {
  const e = await createEngagement(t, bearer, { statute, purpose }); // valued on 31 March 2026
  await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))));
  await t.worker.drain();
  const res = await lock(t, bearer, e.id, {
    wacc: WACC,
    terminalGrowthRate: 5,
    rationale: 'CAPM on the 10-year G-Sec, peer beta relevered at the target D/E of 0.25.',
    projectionsReasonableness: PROJECTIONS_NOTE,
    costOfCapital: { ...BUILD_UP, sourceDate },
  });
  assert.equal(res.statusCode, 200, res.body);
  await t.worker.drain();
  const valuation = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer })
  ).json();
  const codes = (ws: { code: string }[]) => ws.map((w) => w.code);
  return { lockWarnings: codes(res.json().warnings ?? []), valuation };
}

test('FEMA: figures read 45 days before the valuation date are warned of at the lock and in the valuation', async () => {
  const { lockWarnings, valuation } = await locked('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', '2026-02-14');
  assert.ok(lockWarnings.includes('COST_OF_CAPITAL_SOURCE_STALE'), lockWarnings.join());
  const w = valuation.warnings.find((x: { code: string }) => x.code === 'COST_OF_CAPITAL_SOURCE_STALE');
  assert.match(w.message, /read on 2026-02-14, 45 days from the valuation date 2026-03-31/);
  assert.equal(valuation.assumptions.costOfCapital.sourceDate, '2026-02-14');
});

test('FEMA within 30 days, and s.62 at any distance: no warning', async () => {
  const near = await locked('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', '2026-03-02'); // 29 days
  assert.ok(!near.lockWarnings.includes('COST_OF_CAPITAL_SOURCE_STALE'));
  const s62 = await locked('COMPANIES_ACT_SEC_62', undefined, '2025-12-31');
  assert.ok(
    !s62.valuation.warnings.some((x: { code: string }) => x.code === 'COST_OF_CAPITAL_SOURCE_STALE'),
    's.62 does not carry the FEMA practice',
  );
});

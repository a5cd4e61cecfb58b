// A prescribed NAV has no DCF, so its lock needs no WACC or terminal growth (docs/valuation-method.md, Rates not
// asked for): a transfer locked without them is valued and reported with none; a valuation that has a DCF refuses
// a lock without them, naming each field, and changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, lock, uploadFixture, valuationOf, VALID_ASSUMPTIONS } from '../../helpers/engagements.js';
import { pdfText } from '../../helpers/pdf.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const NO_RATES = { rationale: 'The prescribed NAV of Rule 11UA(1)(c)(b) on the audited balance sheet.' };

async function withFixtureFinancials(body: Record<string, unknown>) {
  const e = await createEngagement(t, bearer, body);
  assert.equal((await uploadFixture(t, bearer, e.id)).statusCode, 201);
  await t.worker.drain();
  return e;
}

const problemPaths = (body: string) =>
  (JSON.parse(body) as { errors?: { path: string }[] }).errors?.map((e) => e.path).sort() ?? [];

test('a transfer on the prescribed NAV locks without rates; its valuation and report carry none', async () => {
  for (const valuationDate of ['2026-03-31', '2026-06-30']) {
    // Before 1 April 2026 Rule 11UA(1)(c)(b); from then on Rule 57 (docs/statutes.md, The law in force).
    const e = await withFixtureFinancials({ statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate });
    const res = await lock(t, bearer, e.id, NO_RATES);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().wacc, undefined);
    assert.equal(res.json().terminalGrowthRate, undefined);
    await t.worker.drain();
    const v = await valuationOf(t, bearer, e.id);
    assert.ok(v.conclusion?.valuePerShare, `valued on ${valuationDate}: ${JSON.stringify(v).slice(0, 300)}`);
    assert.equal(v.assumptions.wacc, undefined);
    assert.ok(!v.methods.some((m: { method: string }) => m.method === 'DCF'), 'no DCF is computed without rates');
    const report = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: bearer });
    assert.equal(report.statusCode, 200, report.body);
    const text = pdfText(report.rawPayload);
    assert.doesNotMatch(text, /\bWACC\b|terminal growth|discounted cash flow/i);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${e.id}/assumptions/history`,
      headers: bearer,
    });
    assert.equal(history.statusCode, 200, history.body);
    assert.equal(history.json()[0].wacc, undefined);
  }
});

test('a valuation with a DCF refuses a lock without its rates, naming each, and locks nothing', async () => {
  const e = await withFixtureFinancials({
    statute: 'COMPANIES_ACT_SEC_62',
    purpose: undefined,
    valuationDate: '2026-03-31',
  });
  const none = await lock(t, bearer, e.id, {
    ...NO_RATES,
    projectionsReasonableness: VALID_ASSUMPTIONS.projectionsReasonableness,
  });
  assert.equal(none.statusCode, 400, none.body);
  assert.deepEqual(problemPaths(none.body), ['/terminalGrowthRate', '/wacc']);
  const half = await lock(t, bearer, e.id, { ...VALID_ASSUMPTIONS, terminalGrowthRate: undefined });
  assert.equal(half.statusCode, 400, half.body);
  assert.deepEqual(problemPaths(half.body), ['/terminalGrowthRate']);
  const read = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/assumptions`, headers: bearer });
  assert.equal(read.json().locked, false);
  assert.equal((await lock(t, bearer, e.id)).statusCode, 200, 'the full lock still goes through');
});

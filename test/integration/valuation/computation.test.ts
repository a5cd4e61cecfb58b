import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, upload } from '../../helpers/engagements.js';

let t: TestApp;
let bearer: Record<string, string>;
before(async () => {
  t = await createTestApp();
  bearer = asToken((await createToken(t, await signupAdmin(t))).token);
});
after(() => t.close());

test('financials the engine cannot value end in FAILED with a reason a valuer can act on, never a crash', async () => {
  // IBC needs asset-class realisable values; the sample company has none. The file itself is valid.
  const e = await createEngagement(t, bearer, { statute: 'IBC_LIQUIDATION', purpose: undefined });
  assert.equal((await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))))).statusCode, 201);
  await t.worker.drain();
  assert.equal((await lock(t, bearer, e.id)).statusCode, 200);
  await t.worker.drain();
  const engagement = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: bearer })).json();
  assert.equal(engagement.status, 'FAILED');
  assert.match(engagement.failureReason, /liquidation/i);
  const valuation = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer });
  assert.equal(valuation.statusCode, 409);
  assert.match(valuation.json().detail, /computation failed: .*liquidation/i);
  const dead = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'dead'`);
  assert.equal(dead[0].n, 0, 'the job itself succeeded: the failure is the engagement\'s, recorded');
  const events = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/events`, headers: bearer })).json();
  const failed = events.find((x: { toStatus: string }) => x.toStatus === 'FAILED');
  assert.ok(failed.details.code);
});

test('the valuation is 409 before computation, and stored with the engine version after; re-running is identical', async () => {
  const e = await createEngagement(t, bearer);
  assert.equal((await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer })).statusCode, 409);
  await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))));
  await t.worker.drain();
  await lock(t, bearer, e.id, { wacc: 13, terminalGrowthRate: 5, rationale: 'Cost of equity from CAPM with a size premium.', midYear: true });
  await t.worker.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer });
  assert.equal(res.statusCode, 200);
  const v = res.json();
  assert.equal(v.engineVersion, '1.0.0');
  assert.equal(v.conventions.discounting, 'MID_YEAR');
  const [row] = await t.db.query<{ engine_version: string }>('SELECT engine_version FROM valuations WHERE engagement_id = $1', [e.id]);
  assert.equal(row.engine_version, '1.0.0');
  // Every money figure is a decimal string with two places.
  for (const m of v.methods) assert.match(m.valuePerShare, /^-?\d+\.\d{2}$/);
  const again = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer })).json();
  assert.deepEqual(again, v);
});

test('the OpenAPI document describes the valuation result fully', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const schema = doc.components.schemas.Valuation;
  assert.ok(schema, 'Valuation schema');
  for (const field of ['engagementId', 'statute', 'computedAt', 'engineVersion', 'conventions', 'methods', 'conclusion', 'sensitivity', 'warnings']) {
    assert.ok(schema.properties[field], `Valuation.${field}`);
  }
  assert.ok(schema.properties.methods.items.properties.lines.items.properties.kind.enum.includes('AMOUNT'));
  assert.ok(doc.paths['/api/v1/engagements/{id}/valuation'].get.responses['409']);
});

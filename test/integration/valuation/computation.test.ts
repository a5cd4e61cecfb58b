import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import {
  createEngagement,
  fixture,
  lock,
  status,
  upload,
  uploadFixture,
  PROJECTIONS_NOTE,
} from '../../helpers/engagements.js';
import { valuationOf, withFinancials } from '../../helpers/engagements.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

// Rates typed as fractions (0.12 for 12 %), which the lock warns about.
const AS_FRACTIONS = { wacc: 0.12, terminalGrowthRate: 0.04 };

test('an IBC engagement whose financials lack liquidation.assets is refused at lock with 409 inputs_incomplete and stays DATA_READY', async () => {
  // IBC needs asset-class realisable values; the sample company has none. The file itself is valid.
  const e = await createEngagement(t, bearer, { statute: 'IBC_LIQUIDATION', purpose: undefined });
  assert.equal((await uploadFixture(t, bearer, e.id)).statusCode, 201);
  await t.worker.drain();
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  // Checked at ingestion already: the financials say what the statute still needs.
  const financials = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/financials`, headers: bearer })
  ).json();
  assert.deepEqual(
    financials.missingInputs.map((m: { path: string }) => m.path),
    ['/liquidation/assets'],
  );
  const events = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/events`, headers: bearer })
  ).json();
  assert.deepEqual(
    events
      .find((x: { toStatus: string }) => x.toStatus === 'DATA_READY')
      .details.missingInputs.map((m: { path: string }) => m.path),
    ['/liquidation/assets'],
  );

  const refused = await lock(t, bearer, e.id);
  assert.equal(refused.statusCode, 409);
  assert.match(refused.headers['content-type'] as string, /problem\+json/);
  assert.equal(refused.json().code, 'inputs_incomplete');
  assert.deepEqual(
    refused.json().errors.map((x: { path: string }) => x.path),
    ['/liquidation/assets'],
  );
  assert.match(refused.json().detail, /liquidation\/assets/);
  await t.worker.drain();
  const engagement = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: bearer })
  ).json();
  assert.equal(engagement.status, 'DATA_READY');
  assert.equal(engagement.assumptionsLocked, false);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/assumptions`, headers: bearer })).json()
      .locked,
    false,
  );

  // With the valuers' values (and no projections: IBC needs none) the same lock goes through.
  await upload(t, bearer, e.id, 'FINANCIALS', 'g.json', Buffer.from(JSON.stringify(fixture('ibc-shortfall.json'))));
  await t.worker.drain();
  const ok = await lock(t, bearer, e.id, {
    ...AS_FRACTIONS,
    rationale: 'Rates are not used by the IBC valuation at all.',
  });
  assert.equal(ok.statusCode, 200);
  assert.deepEqual(ok.json().warnings, [], 'IBC uses no rates: no DCF warnings');
  await t.worker.drain();
  const v = await valuationOf(t, bearer, e.id);
  assert.deepEqual(v.conclusion.fairValue, {
    totalValue: '70000000.00',
    equityValue: '0.00',
    valuePerShare: '0.00',
    shortfall: '10000000.00',
  });
  assert.deepEqual(v.conclusion.liquidationValue, {
    totalValue: '40000000.00',
    equityValue: '0.00',
    valuePerShare: '0.00',
    shortfall: '41000000.00',
  });
});

test('wacc 0.12 and growth 0.04 (fractions for percents): refused on financials with a DCF (a spread under 1 point); before the financials, warned of, and the financials then wait', async () => {
  const fema = { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' };
  const e = await withFinancials(t, bearer, fema, fixture('sample-company.json'));
  const res = await lock(t, bearer, e.id, {
    ...AS_FRACTIONS,
    rationale: 'Typed as fractions by mistake, as the refusal says.',
    projectionsReasonableness: PROJECTIONS_NOTE,
  });
  assert.equal(res.statusCode, 400, res.body);
  assert.equal(res.json().code, 'validation_failed');
  assert.deepEqual(
    res.json().errors.map((x: { path: string }) => x.path),
    ['/terminalGrowthRate'],
  );
  assert.match(res.json().errors[0].message, /is 0\.08, .*rates are percent: 12 means 12%/);
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  // Locked before any financials: the lock warns, and the financials then leave the engagement DATA_READY.
  const early = await createEngagement(t, bearer, fema);
  const warned = await lock(t, bearer, early.id, {
    ...AS_FRACTIONS,
    rationale: 'Typed as fractions by mistake, before the financials.',
    projectionsReasonableness: PROJECTIONS_NOTE,
  });
  assert.equal(warned.statusCode, 200, warned.body);
  const codes = warned.json().warnings.map((w: { code: string }) => w.code);
  assert.deepEqual(codes, ['RATES_LOOK_LIKE_FRACTIONS', 'WACC_GROWTH_SPREAD_NARROW']);
  assert.match(warned.json().warnings[0].message, /wacc \(0\.12\)/);
  assert.equal((await uploadFixture(t, bearer, early.id)).statusCode, 201);
  await t.worker.drain();
  assert.equal(await status(t, bearer, early.id), 'DATA_READY');
  // A sensible lock carries no such warnings.
  const e2 = await createEngagement(t, bearer, fema);
  assert.deepEqual((await lock(t, bearer, e2.id)).json().warnings, []);
});

test('the valuation is 409 before computation, and stored with the engine version after; re-running is identical', async () => {
  const e = await createEngagement(t, bearer);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer })).statusCode,
    409,
  );
  await uploadFixture(t, bearer, e.id);
  await t.worker.drain();
  await lock(t, bearer, e.id, {
    wacc: 13,
    terminalGrowthRate: 5,
    rationale: 'Cost of equity from CAPM with a size premium.',
    projectionsReasonableness: PROJECTIONS_NOTE,
    midYear: true,
  });
  await t.worker.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer });
  assert.equal(res.statusCode, 200);
  const v = res.json();
  assert.equal(v.engineVersion, '1.0.0');
  assert.equal(v.conventions.discounting, 'MID_YEAR');
  const [row] = await t.db.query<{ engine_version: string }>(
    'SELECT engine_version FROM valuations WHERE engagement_id = $1',
    [e.id],
  );
  assert.equal(row.engine_version, '1.0.0');
  // Every money figure is a decimal string with two places.
  for (const m of v.methods) assert.match(m.valuePerShare, /^-?\d+\.\d{2}$/);
  assert.deepEqual(await valuationOf(t, bearer, e.id), v);
});

test('the OpenAPI document describes the valuation result fully', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const schema = doc.components.schemas.Valuation;
  assert.ok(schema, 'Valuation schema');
  for (const field of [
    'engagementId',
    'statute',
    'computedAt',
    'engineVersion',
    'conventions',
    'methods',
    'conclusion',
    'sensitivity',
    'warnings',
  ]) {
    assert.ok(schema.properties[field], `Valuation.${field}`);
  }
  assert.ok(schema.properties.methods.items.properties.lines.items.properties.kind.enum.includes('AMOUNT'));
  assert.ok(doc.paths['/api/v1/engagements/{id}/valuation'].get.responses['409']);
});

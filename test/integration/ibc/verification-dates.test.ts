// Issue 44, part 2: each asset class's physical verification is dated on or after the valuer's appointment and the
// insolvency commencement date, and not after the report; otherwise the lock is 400 naming the field, nothing changed.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asUser, signupAdmin } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, sourced, upload } from '../../helpers/engagements.js';
import { IBC_RATES } from '../../helpers/signatories.js';

let t: TestApp;
let headers: Record<string, string>;
before(async () => {
  t = await createTestApp();
  headers = asUser(await signupAdmin(t, 'Insolvency Valuers LLP'));
});
after(() => t.close());

/** A CIRP engagement (commencement 31 March 2026, valuer appointed 2 April 2026) with asset 1 verified on `on`. */
async function verifiedOn(on: string) {
  const e = await createEngagement(t, headers, {
    statute: 'IBC_LIQUIDATION',
    purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
    appointmentDate: '2026-04-02',
  });
  const doc = sourced(fixture('ibc-shortfall.json'));
  doc.liquidation.assets[1].verifiedOn = on;
  const up = await upload(t, headers, e.id, 'FINANCIALS', 'ibc.json', Buffer.from(JSON.stringify(doc)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  return e;
}

const assumptions = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/assumptions`, headers })).json();

test('verification before the appointment: 400 naming /liquidation/assets/1/verifiedOn, nothing locked', async () => {
  const e = await verifiedOn('2026-04-01');
  const res = await lock(t, headers, e.id, IBC_RATES);
  assert.equal(res.statusCode, 400, res.body);
  assert.match(res.headers['content-type'] as string, /problem\+json/);
  assert.equal(res.json().code, 'validation_failed');
  assert.deepEqual(
    res.json().errors.map((x: { path: string }) => x.path),
    ['/liquidation/assets/1/verifiedOn'],
  );
  assert.match(res.json().errors[0].message, /on or after the valuer's appointment on 2026-04-02/);
  assert.equal((await assumptions(e.id)).locked, false);
  const now = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers })).json();
  assert.equal(now.assumptionsLocked, false);
  assert.equal(now.status, 'DATA_READY');
});

test('verification before the commencement date, or after the report (a future day): 400 naming the field', async () => {
  const early = await verifiedOn('2026-03-15');
  const a = await lock(t, headers, early.id, IBC_RATES);
  assert.equal(a.statusCode, 400, a.body);
  assert.equal(a.json().errors[0].path, '/liquidation/assets/1/verifiedOn');
  const late = await verifiedOn('2999-01-01');
  const b = await lock(t, headers, late.id, IBC_RATES);
  assert.equal(b.statusCode, 400, b.body);
  assert.equal(b.json().errors[0].path, '/liquidation/assets/1/verifiedOn');
  assert.match(b.json().errors[0].message, /must not be after the report/);
});

test('verification on the day of the appointment is accepted', async () => {
  const e = await verifiedOn('2026-04-02');
  const res = await lock(t, headers, e.id, IBC_RATES);
  assert.equal(res.statusCode, 200, res.body);
});

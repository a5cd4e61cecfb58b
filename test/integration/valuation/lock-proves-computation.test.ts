// The lock proves the computation (issue 45): the engine runs on the locked inputs before the lock answers 200, so
// an input the engine would refuse is refused at the lock, naming the field, and nothing is locked. FAILED is left
// for faults of the machinery, and an ADMIN can reopen a FAILED engagement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminApp, asUser, type Session } from '../../helpers/principals.js';
import {
  CAPM_LOCK,
  createEngagement,
  decide,
  engagementAtGate1,
  fixture,
  lock,
  status,
  upload,
  uploadFixture,
} from '../../helpers/engagements.js';
import { WEIGHTS_WHY } from '../../fixtures/judgement.js';

let t: TestApp, admin: Session, as: Record<string, string>;
adminApp((s) => {
  ({ t, admin } = s);
  as = asUser(admin);
});

const get = async (id: string, path = '') =>
  t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}${path}`, headers: as });

async function trail(id: string): Promise<{ action: string; details: Record<string, unknown> }[]> {
  const res = await get(id, '/events?limit=100');
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

for (const method of ['RECENT_ROUND', 'TRANSACTIONS'] as const) {
  test(`a weight on ${method} the financials do not give is 400 invalid_weights at the lock, naming the method; nothing is locked`, async () => {
    const e = await createEngagement(t, as, { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
    assert.equal((await uploadFixture(t, as, e.id)).statusCode, 201);
    await t.worker.drain();
    assert.equal(await status(t, as, e.id), 'DATA_READY');
    const res = await lock(t, as, e.id, {
      ...CAPM_LOCK,
      methodWeights: { DCF: 60, [method]: 40 },
      weightsRationale: WEIGHTS_WHY,
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'invalid_weights');
    assert.deepEqual(
      res.json().errors.map((x: { path: string }) => x.path),
      [`/methodWeights/${method}`],
    );
    assert.match(res.json().detail, method === 'RECENT_ROUND' ? /recent investment round/ : /comparable transactions/);
    // Nothing locked: the engagement waits, and the same lock without the weight goes through to GATE_1.
    assert.equal((await get(e.id)).json().assumptionsLocked, false);
    assert.equal(await status(t, as, e.id), 'DATA_READY');
    const fixed = await lock(t, as, e.id, {
      ...CAPM_LOCK,
      methodWeights: { DCF: 60, NAV: 40 },
      weightsRationale: WEIGHTS_WHY,
    });
    assert.equal(fixed.statusCode, 200, fixed.body);
    await t.worker.drain();
    assert.equal(await status(t, as, e.id), 'GATE_1');
  });
}

test('locked before the financials: financials the locked weights cannot use leave the engagement DATA_READY, never FAILED, and the trail names the field', async () => {
  const e = await createEngagement(t, as, { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  const res = await lock(t, as, e.id, {
    ...CAPM_LOCK,
    methodWeights: { DCF: 50, RECENT_ROUND: 50 },
    weightsRationale: WEIGHTS_WHY,
  });
  assert.equal(res.statusCode, 200, res.body);
  const up = await upload(
    t,
    as,
    e.id,
    'FINANCIALS',
    'f.json',
    Buffer.from(JSON.stringify(fixture('sample-company.json'))),
  );
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  assert.equal(await status(t, as, e.id), 'DATA_READY');
  const waiting = (await trail(e.id)).filter((a) => a.action === 'computation.waiting_for_inputs');
  assert.equal(waiting.length, 1);
  assert.deepEqual(
    (waiting[0].details.missing as { path: string }[]).map((m) => m.path),
    ['/methodWeights/RECENT_ROUND'],
  );
});

test('an ADMIN reopens a FAILED engagement: DATA_READY, the lock archived, the trail saying who and why; locking again computes', async () => {
  const e = await engagementAtGate1(t, as, { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  assert.equal(await status(t, as, e.id), 'GATE_1');
  const declined = await decide(t, e.id, 'GATE_1', 'reject', as, { reason: 'The client withdrew the mandate.' });
  assert.equal(declined.statusCode, 200, declined.body);
  assert.equal(await status(t, as, e.id), 'FAILED');

  const short = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/reopen`,
    headers: as,
    payload: { reason: 'no' },
  });
  assert.equal(short.statusCode, 400, short.body);
  assert.equal(await status(t, as, e.id), 'FAILED');

  const reason = 'The client renewed the mandate on revised terms.';
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/reopen`,
    headers: as,
    payload: { reason },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().status, 'DATA_READY');
  assert.equal(res.json().assumptionsLocked, false);
  assert.equal(res.json().failureReason, null);
  const reopened = (await trail(e.id)).filter((a) => a.action === 'engagement.reopen');
  assert.equal(reopened.length, 1);
  assert.equal(reopened[0].details.reason, reason);
  assert.match(String(reopened[0].details.failureReason), /Rejected at GATE_1/);
  const history = (await get(e.id, '/assumptions/history')).json();
  assert.equal(history[0].revision.gate, 'FAILED');
  assert.equal(history[0].revision.reason, reason);

  // Only a FAILED engagement can be reopened.
  const again = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/reopen`,
    headers: as,
    payload: { reason },
  });
  assert.equal(again.statusCode, 409, again.body);
  assert.equal(again.json().code, 'invalid_transition');

  assert.equal((await lock(t, as, e.id, CAPM_LOCK)).statusCode, 200);
  await t.worker.drain();
  assert.equal(await status(t, as, e.id), 'GATE_1');
});

// "Waiting for me" (docs/decisions.md, Waiting for me): what each person can act on now, with four eyes
// applied: whoever locked or approved Gate 1 is not offered Gate 2; a token and a VIEWER have nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { addMember, asToken, asUser, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, engagementAtGate1, uploadFixture } from '../../helpers/engagements.js';
import { setPaymentStatus } from '../../../src/features/engagements/engagements.repository.js';

let t: TestApp;
let admin: Session;
let valuer: Session;
let reviewer: Session;
let viewer: Session;
before(async () => {
  t = await createTestApp();
  admin = await signupAdmin(t, 'Inbox Valuers LLP');
  valuer = await addMember(t, admin, 'VALUER', 'Vani Valuer');
  reviewer = await addMember(t, admin, 'VALUER', 'Rekha Reviewer');
  viewer = await addMember(t, admin, 'VIEWER', 'Vir Viewer');
});
after(() => t.close());

const inbox = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers })).json() as {
    count: number;
    items: { engagementId: string; action: string; why: string }[];
  };
const actionsOn = async (s: Session, id: string) =>
  (await inbox(asUser(s))).items.filter((i) => i.engagementId === id).map((i) => i.action);

test('each person sees what they can act on now; Gate 2 only for an independent reviewer', async () => {
  const ready = await createEngagement(t, asUser(valuer));
  await uploadFixture(t, asUser(valuer), ready.id);
  await t.worker.drain();
  assert.deepEqual(await actionsOn(valuer, ready.id), ['LOCK_ASSUMPTIONS'], "the engagement's own valuer locks");
  assert.deepEqual(await actionsOn(reviewer, ready.id), []);

  const e = await engagementAtGate1(t, asUser(valuer));
  assert.deepEqual(await actionsOn(reviewer, e.id), ['DECIDE_GATE_1']);
  assert.deepEqual(await actionsOn(valuer, e.id), ['DECIDE_GATE_1'], 'Gate 1 may be decided by whoever locked');
  assert.equal(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/engagements/${e.id}/gates/GATE_1/approve`,
        headers: asUser(valuer),
        payload: {},
      })
    ).statusCode,
    200,
  );
  assert.deepEqual(await actionsOn(reviewer, e.id), ['DECIDE_GATE_2']);
  assert.deepEqual(await actionsOn(valuer, e.id), [], 'who locked and approved Gate 1 is not offered Gate 2');
  const item = (await inbox(asUser(reviewer))).items.find((i) => i.engagementId === e.id)!;
  assert.match(item.why, /independent reviewer/);
  assert.equal(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/engagements/${e.id}/gates/GATE_2/approve`,
        headers: asUser(reviewer),
        payload: {},
      })
    ).statusCode,
    200,
  );
  assert.deepEqual(await actionsOn(valuer, e.id), ['PAY']);
  assert.deepEqual(await actionsOn(admin, e.id), ['PAY']);

  // A VIEWER and an API token have nothing waiting.
  assert.equal((await inbox(asUser(viewer))).count, 0);
  assert.equal((await inbox(asToken((await createToken(t, admin)).token))).count, 0);
  assert.equal((await inbox(asUser(reviewer))).count, (await inbox(asUser(reviewer))).items.length);
});

test('a token counts as its creator, a return for revision asks for the lock again, sign-off is for an ADMIN who did not review Gate 2', async () => {
  const token = asToken((await createToken(t, admin)).token);
  const gate = (id: string, g: string, verb: 'approve' | 'reject', s: Session, payload: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/${g}/${verb}`, headers: asUser(s), payload });

  const byToken = await createEngagement(t, token);
  await uploadFixture(t, token, byToken.id);
  await t.worker.drain();
  assert.deepEqual(
    await actionsOn(admin, byToken.id),
    ['LOCK_ASSUMPTIONS'],
    "created by the admin's token: the admin locks",
  );
  assert.deepEqual(await actionsOn(valuer, byToken.id), []);

  const returned = await engagementAtGate1(t, asUser(valuer));
  assert.equal(
    (
      await gate(returned.id, 'GATE_1', 'reject', admin, {
        reason: 'Projections need the latest board-approved budget',
        outcome: 'REVISE',
      })
    ).statusCode,
    200,
  );
  assert.deepEqual(await actionsOn(valuer, returned.id), ['RELOCK_AFTER_REVISION']);
  assert.match(
    (await inbox(asUser(valuer))).items.find((i) => i.engagementId === returned.id)!.why,
    /Returned for revision/,
  );

  // Locked through the admin's token: the admin may not review Gate 2, but may sign off after an independent review.
  const e = await engagementAtGate1(t, token);
  assert.equal((await gate(e.id, 'GATE_1', 'approve', valuer)).statusCode, 200);
  assert.deepEqual(await actionsOn(admin, e.id), [], 'who locked (through a token) is not offered Gate 2');
  assert.deepEqual(await actionsOn(reviewer, e.id), ['DECIDE_GATE_2']);
  assert.equal((await gate(e.id, 'GATE_2', 'approve', reviewer)).statusCode, 200);
  assert.deepEqual(await actionsOn(admin, e.id), ['PAY']);
  // Paid, as a captured payment leaves it (the payment flow itself is tested in test/integration/payments).
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  assert.deepEqual(await actionsOn(admin, e.id), ['SIGN_OFF']);
  assert.deepEqual(await actionsOn(valuer, e.id), [], "sign-off is an ADMIN's");
});

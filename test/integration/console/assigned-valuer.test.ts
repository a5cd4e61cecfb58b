// The assigned valuer (docs/decisions.md, Assigned valuer): set at creation (the creator by default, a
// token's creator for a token), changed by an ADMIN or the assignee to an active VALUER or ADMIN of the
// firm, shown and filtered in the list, and the one "Waiting for me" gives a return for revision to.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { addMember, asToken, asUser, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, engagementAtGate1 } from '../../helpers/engagements.js';

let t: TestApp;
let admin: Session;
let valuer: Session;
let other: Session;
let viewer: Session;
let stranger: Session;
before(async () => {
  t = await createTestApp();
  admin = await signupAdmin(t, 'Assigned Valuers LLP');
  valuer = await addMember(t, admin, 'VALUER', 'Vani Valuer');
  other = await addMember(t, admin, 'VALUER', 'Ōmkar Ōtherwise');
  viewer = await addMember(t, admin, 'VIEWER', 'Vir Viewer');
  stranger = await signupAdmin(t, 'Elsewhere Valuers LLP');
});
after(() => t.close());

const get = async (s: Record<string, string>, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: s })).json();
const patch = (s: Session, id: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${id}`, headers: asUser(s), payload });
const list = async (s: Session, query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements?limit=100&${query}`, headers: asUser(s) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { id: string; assignedValuer: { id: string; name: string } | null }[];
};

test("the creator is assigned by default, a token's creator for a token, or whoever the create body names", async () => {
  const mine = await createEngagement(t, asUser(valuer));
  assert.deepEqual((await get(asUser(valuer), mine.id)).assignedValuer, { id: valuer.userId, name: 'Vani Valuer' });
  const token = asToken((await createToken(t, admin)).token);
  const byToken = await createEngagement(t, token);
  assert.deepEqual((await get(token, byToken.id)).assignedValuer, { id: admin.userId, name: 'Asha Admin' });
  const named = await createEngagement(t, asUser(admin), { assignedValuerId: other.userId });
  assert.deepEqual((await get(asUser(admin), named.id)).assignedValuer, { id: other.userId, name: 'Ōmkar Ōtherwise' });

  // Not a VALUER or ADMIN, or not of this firm: 400 naming the field, and nothing is created.
  for (const id of [viewer.userId, stranger.userId, 'usr_nobody']) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/engagements',
      headers: asUser(admin),
      payload: { targetEntity: 'Nobody Pvt Ltd', statute: 'RULE_11UA', assignedValuerId: id },
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(
      res.json().errors.map((e: { path: string }) => e.path),
      ['/assignedValuerId'],
    );
  }
});

test('an ADMIN or the assignee reassigns it, to an active VALUER or ADMIN of the firm; others are refused; the change is audited', async () => {
  const e = await createEngagement(t, asUser(valuer));
  const refused = await patch(other, e.id, { assignedValuerId: other.userId });
  assert.equal(refused.statusCode, 403, 'another valuer may not take it');
  assert.equal(
    (await patch(viewer, e.id, { assignedValuerId: viewer.userId })).statusCode,
    403,
    'a VIEWER may not patch',
  );
  const bad = await patch(valuer, e.id, { assignedValuerId: viewer.userId });
  assert.equal(bad.statusCode, 400);
  assert.deepEqual(
    bad.json().errors.map((x: { path: string }) => x.path),
    ['/assignedValuerId'],
  );
  assert.equal(
    (await patch(valuer, e.id, { assignedValuerId: stranger.userId })).statusCode,
    400,
    "another firm's member is no member here",
  );

  const handed = await patch(valuer, e.id, { assignedValuerId: other.userId });
  assert.equal(handed.statusCode, 200, handed.body);
  assert.deepEqual(handed.json().assignedValuer, { id: other.userId, name: 'Ōmkar Ōtherwise' });
  assert.equal(
    (await patch(valuer, e.id, { assignedValuerId: valuer.userId })).statusCode,
    403,
    'no longer the assignee',
  );
  const back = await patch(admin, e.id, { assignedValuerId: admin.userId });
  assert.equal(back.statusCode, 200, 'an ADMIN reassigns whoever holds it');

  const events = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/events?limit=50`, headers: asUser(admin) })
  ).json() as { action: string; actor: { id: string }; details: { assignedValuerId: { from: string; to: string } } }[];
  const assigned = events.filter((x) => x.action === 'engagement.assigned');
  assert.deepEqual(
    assigned.map((x) => [x.actor.id, x.details.assignedValuerId.from, x.details.assignedValuerId.to]),
    [
      [valuer.userId, valuer.userId, other.userId],
      [admin.userId, other.userId, admin.userId],
    ],
  );

  // Another firm's engagement: 404, as for every cross-firm id.
  assert.equal((await patch(stranger, e.id, { assignedValuerId: stranger.userId })).statusCode, 404);
});

test('the list shows the assignee and filters by it (a user id, or me)', async () => {
  const a = await createEngagement(t, asUser(valuer));
  const b = await createEngagement(t, asUser(valuer), { assignedValuerId: other.userId });
  const mine = await list(valuer, 'assignedTo=me');
  assert.ok(mine.some((x) => x.id === a.id) && !mine.some((x) => x.id === b.id));
  assert.ok(mine.every((x) => x.assignedValuer?.id === valuer.userId));
  const others = await list(admin, `assignedTo=${other.userId}`);
  assert.ok(others.some((x) => x.id === b.id) && !others.some((x) => x.id === a.id));
  assert.deepEqual(others.find((x) => x.id === b.id)!.assignedValuer, { id: other.userId, name: 'Ōmkar Ōtherwise' });
  assert.deepEqual(await list(stranger, `assignedTo=${other.userId}`), [], "another firm's member has nothing here");
});

test('Waiting for me: the assigned valuer, not the creator, sees returned for revision', async () => {
  const inbox = async (s: Session) =>
    (await (await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: asUser(s) })).json()).items as {
      engagementId: string;
      action: string;
    }[];
  const e = await engagementAtGate1(t, asUser(valuer));
  assert.equal((await patch(admin, e.id, { assignedValuerId: other.userId })).statusCode, 200);
  const reject = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/gates/GATE_1/reject`,
    headers: asUser(admin),
    payload: { reason: 'Projections need the latest board-approved budget', outcome: 'REVISE' },
  });
  assert.equal(reject.statusCode, 200, reject.body);
  assert.deepEqual(
    (await inbox(other)).filter((i) => i.engagementId === e.id).map((i) => i.action),
    ['RELOCK_AFTER_REVISION'],
  );
  assert.deepEqual(
    (await inbox(valuer)).filter((i) => i.engagementId === e.id).map((i) => i.action),
    [],
    'the creator no longer holds it',
  );
});

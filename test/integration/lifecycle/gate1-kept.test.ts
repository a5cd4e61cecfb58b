// A relock that changes only the assumptions keeps Gate 1's approval of unchanged data (docs/decisions.md, Gate 1
// kept on a relock): returned from Gate 2 and locked again with another WACC, the engagement goes on to Gate 2 with
// the trail saying whose approval was kept; the person who approved Gate 1 still may not review Gate 2. Returned and
// given new financials, Gate 1 is decided again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { PROJECTIONS_NOTE, decide, engagementAtGate1, lock, uploadFixture } from '../../helpers/engagements.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Gate One Kept Valuers LLP', 'Gauri Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const get = (url: string, headers = asUser(valuer)) => t.app.inject({ method: 'GET', url, headers });
const REASON = 'The WACC leaves out the size premium; lock again with 13.5 %.';
const relock = (id: string, wacc: number) =>
  lock(t, asUser(valuer), id, {
    wacc,
    terminalGrowthRate: 4,
    rationale: 'CAPM with a 1.5 % size premium, as the reviewer asked.',
    projectionsReasonableness: PROJECTIONS_NOTE,
  });

async function returnedFromGate2() {
  const e = await engagementAtGate1(t, asUser(valuer), { targetEntity: 'Kept Approval Industries Private Limited' });
  const g1 = await decide(t, e.id, 'GATE_1', 'approve', asUser(admin));
  assert.equal(g1.statusCode, 200, g1.body);
  const back = await decide(t, e.id, 'GATE_2', 'reject', asUser(reviewer), { reason: REASON, outcome: 'REVISE' });
  assert.equal(back.statusCode, 200, back.body);
  assert.equal(back.json().status, 'DATA_READY');
  return e;
}

test('only the assumptions changed: the relock goes on to Gate 2, the trail names whose Gate 1 approval is kept', async () => {
  const e = await returnedFromGate2();
  assert.equal((await relock(e.id, 13.5)).statusCode, 200);
  await t.worker.drain();
  const after = (await get(`/api/v1/engagements/${e.id}`)).json();
  assert.equal(after.status, 'GATE_2');
  assert.equal((await get(`/api/v1/engagements/${e.id}/valuation`)).json().assumptions.wacc, '13.5');

  const items: {
    action: string;
    actor: { type: string; id: string | null };
    fromStatus: string;
    toStatus: string;
    details: Record<string, unknown>;
  }[] = (await get(`/api/v1/engagements/${e.id}/events?limit=100`)).json();
  const approvals = items.filter((i) => i.action === 'engagement.approve_gate_1');
  assert.equal(approvals.length, 2, 'the first approval, then the one kept');
  const kept = approvals[1]!;
  assert.equal(kept.fromStatus, 'GATE_1');
  assert.equal(kept.toStatus, 'GATE_2');
  assert.equal(kept.actor.type, 'SYSTEM', "the service's act, in the approver's name");
  assert.equal(kept.details.by, approvals[0]!.details.by);
  assert.match(String(kept.details.reason), /only the assumptions were locked again/);
  assert.equal((kept.details.keptFrom as { actorId: string }).actorId, admin.userId);

  // Four eyes still hold: whoever approved Gate 1 may not review Gate 2.
  const own = await decide(t, e.id, 'GATE_2', 'approve', asUser(admin));
  assert.equal(own.statusCode, 409, own.body);
  assert.equal(own.json().code, 'independent_review_required');
  const ok = await decide(t, e.id, 'GATE_2', 'approve', asUser(reviewer));
  assert.equal(ok.statusCode, 200, ok.body);
});

test('new financials after the return: Gate 1 is decided again', async () => {
  const e = await returnedFromGate2();
  const up = await uploadFixture(t, asUser(valuer), e.id);
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  assert.equal((await relock(e.id, 13.5)).statusCode, 200);
  await t.worker.drain();
  assert.equal((await get(`/api/v1/engagements/${e.id}`)).json().status, 'GATE_1');
});

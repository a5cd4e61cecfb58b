// GET /engagements/{id} tells the caller what they may do now (`myActions`), from the very rules that refuse
// a gate decision: four eyes at GATE_2 (whoever locked, whoever approved GATE_1; a token's lock counts as
// its creator's), tokens never decide, GATE_3 for an ADMIN on a paid engagement.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { addMember, asToken, asUser, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { engagementAtGate1 } from '../../helpers/engagements.js';

let t: TestApp;
let admin: Session;
let valuer: Session;
let reviewer: Session;
let token: string;
before(async () => {
  t = await createTestApp();
  admin = await signupAdmin(t, 'Four Eyes Valuers LLP');
  valuer = await addMember(t, admin, 'VALUER', 'Vikram Valuer');
  reviewer = await addMember(t, admin, 'VALUER', 'Rekha Reviewer');
  token = (await createToken(t, admin, 'lock bot')).token;
});
after(() => t.close());

async function myActions(id: string, headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().myActions;
}

const approve = (id: string, gate: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/${gate}/approve`, headers, payload: {} });

test('at GATE_2 the locker and the GATE_1 approver are blocked with the reason, an independent reviewer may approve', async () => {
  const e = await engagementAtGate1(t, asUser(valuer));
  const atGate1 = await myActions(e.id, asUser(admin));
  assert.equal(atGate1.gate, 'GATE_1');
  assert.equal(atGate1.canApprove, true);
  assert.equal((await approve(e.id, 'GATE_1', asUser(admin))).statusCode, 200);

  // The locker: blocked, named, and the approval is refused with exactly that reason.
  const locker = await myActions(e.id, asUser(valuer));
  assert.equal(locker.gate, 'GATE_2');
  assert.equal(locker.canApprove, false);
  assert.equal(locker.blockedCode, 'independent_review_required');
  assert.match(locker.blockedBecause, /Vikram Valuer locked the assumptions/);
  const refused = await approve(e.id, 'GATE_2', asUser(valuer));
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().detail, locker.blockedBecause);

  // The GATE_1 approver: blocked too.
  const gate1 = await myActions(e.id, asUser(admin));
  assert.equal(gate1.canApprove, false);
  assert.equal(gate1.canSignOff, false);
  assert.match(gate1.blockedBecause, /Asha Admin approved Gate 1 \(data verification\)/);
  // Rejecting needs no independence: either may still return it for revision.
  assert.equal(gate1.canReject, true);

  // An independent reviewer: free to decide, and the approval goes through.
  const independent = await myActions(e.id, asUser(reviewer));
  assert.deepEqual(
    {
      canApprove: independent.canApprove,
      canReject: independent.canReject,
      blockedBecause: independent.blockedBecause,
      blockedCode: independent.blockedCode,
    },
    { canApprove: true, canReject: true, blockedBecause: null, blockedCode: null },
  );
  assert.equal((await approve(e.id, 'GATE_2', asUser(reviewer))).statusCode, 200);

  // GATE_3: a VALUER may not sign off; the ADMIN may not until it is paid (but may reject).
  const valuerAt3 = await myActions(e.id, asUser(reviewer));
  assert.equal(valuerAt3.gate, 'GATE_3');
  assert.equal(valuerAt3.blockedCode, 'forbidden');
  assert.equal(valuerAt3.canReject, false);
  const adminAt3 = await myActions(e.id, asUser(admin));
  assert.equal(adminAt3.blockedCode, 'payment_required');
  assert.equal(adminAt3.canSignOff, false);
  assert.equal(adminAt3.canReject, true);
});

test("an API token's lock counts as its creator's: the creator is blocked at GATE_2, and the token itself decides nothing", async () => {
  const e = await engagementAtGate1(t, asToken(token));
  assert.equal((await approve(e.id, 'GATE_1', asUser(valuer))).statusCode, 200);

  // The token's creator (the ADMIN) locked through the token: blocked like the locker.
  const creator = await myActions(e.id, asUser(admin));
  assert.equal(creator.canApprove, false);
  assert.equal(creator.blockedCode, 'independent_review_required');
  assert.match(creator.blockedBecause, /Asha Admin locked the assumptions/);
  const refused = await approve(e.id, 'GATE_2', asUser(admin));
  assert.equal(refused.statusCode, 409);
  assert.equal(refused.json().detail, creator.blockedBecause);

  // The token, asking for itself: a person decides gates.
  const asItself = await myActions(e.id, asToken(token));
  assert.equal(asItself.canApprove, false);
  assert.equal(asItself.canReject, false);
  assert.equal(asItself.blockedCode, 'person_required');

  // The GATE_1 approver is blocked; the reviewer is not.
  assert.match(
    (await myActions(e.id, asUser(valuer))).blockedBecause,
    /Vikram Valuer approved Gate 1 \(data verification\)/,
  );
  assert.equal((await myActions(e.id, asUser(reviewer))).canApprove, true);
});

// Service tier: the gate use cases called directly (no HTTP), over a real database. The rules with the
// most cases live here: a person decides, the GATE_2 reviewer is independent of whoever locked the
// assumptions, approved GATE_1 or signs GATE_3, and a token's actions count as its creator's
// (docs/decisions.md, Engagement lifecycle).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../helpers/app.js';
import { asToken, asUser, createToken, reviewTeamApp, type Session } from '../helpers/principals.js';
import { person, refusal } from '../helpers/service.js';
import { engagementAtGate1 } from '../helpers/engagements.js';
import { approveGate, rejectGate } from '../../src/features/review/gates.service.js';
import { setPaymentStatus } from '../../src/features/engagements/engagements.repository.js';
import type { Principal } from '../../src/domain/identity/roles.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
let tokenId: string;
let token: string;
reviewTeamApp('Service Tier Valuers LLP', 'Vani Valuer', async (s) => {
  ({ t, admin, valuer, reviewer } = s);
  ({ id: tokenId, token } = await createToken(t, admin, 'admin bot'));
});

const asAdmin = () => person(admin, 'ADMIN', 'Asha Admin');
const asValuer = () => person(valuer, 'VALUER', 'Vani Valuer');
const asReviewer = () => person(reviewer, 'VALUER', 'Rekha Reviewer');

test('a token decides no gate, approve or reject (person_required)', async () => {
  const e = await engagementAtGate1(t, asUser(valuer));
  const bot: Principal = { kind: 'token', tokenId, firmId: admin.firmId, role: 'VALUER', tokenName: 'admin bot' };
  assert.equal(
    (await refusal(approveGate(t.app.services, bot, { engagementId: e.id, gate: 'GATE_1' }))).code,
    'person_required',
  );
  assert.equal(
    (
      await refusal(
        rejectGate(t.app.services, bot, { engagementId: e.id, gate: 'GATE_1', reason: 'A reason long enough' }),
      )
    ).code,
    'person_required',
  );
});

test('GATE_2: not whoever locked, not the GATE_1 approver; GATE_3 not the GATE_2 reviewer', async () => {
  const e = await engagementAtGate1(t, asUser(valuer));
  await approveGate(t.app.services, asReviewer(), {
    engagementId: e.id,
    gate: 'GATE_1',
    comment: 'Inputs tie to the accounts',
  });
  // Vani locked the assumptions; Rekha approved GATE_1.
  const locker = await refusal(approveGate(t.app.services, asValuer(), { engagementId: e.id, gate: 'GATE_2' }));
  assert.equal(locker.code, 'independent_review_required');
  assert.match(locker.message, /Vani Valuer locked the assumptions/);
  const gate1 = await refusal(approveGate(t.app.services, asReviewer(), { engagementId: e.id, gate: 'GATE_2' }));
  assert.match(gate1.message, /Rekha Reviewer approved Gate 1 \(data verification\)/);
  const approved = await approveGate(t.app.services, asAdmin(), {
    engagementId: e.id,
    gate: 'GATE_2',
    comment: 'Independent review done',
  });
  assert.equal(approved.status, 'GATE_3');
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  // Asha reviewed at GATE_2, so she may not sign.
  const signer = await refusal(approveGate(t.app.services, asAdmin(), { engagementId: e.id, gate: 'GATE_3' }));
  assert.equal(signer.code, 'independent_review_required');
  assert.match(signer.message, /Asha Admin approved Gate 2 \(methodology and assumptions\)/);
});

test("a token's lock counts as its creator's: the creator may not review GATE_2", async () => {
  const e = await engagementAtGate1(t, asToken(token)); // locked by the admin's token
  await approveGate(t.app.services, asValuer(), { engagementId: e.id, gate: 'GATE_1' });
  const creator = await refusal(approveGate(t.app.services, asAdmin(), { engagementId: e.id, gate: 'GATE_2' }));
  assert.equal(creator.code, 'independent_review_required');
  assert.match(creator.message, /Asha Admin locked the assumptions/);
  assert.equal(
    (await approveGate(t.app.services, asReviewer(), { engagementId: e.id, gate: 'GATE_2' })).status,
    'GATE_3',
  );
});

test('a return for revision keeps the payment and sends the engagement back for new assumptions', async () => {
  const e = await engagementAtGate1(t, asUser(valuer));
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  const back = await rejectGate(t.app.services, asReviewer(), {
    engagementId: e.id,
    gate: 'GATE_1',
    reason: 'Use the board-approved FY2027 budget',
    outcome: 'REVISE',
  });
  assert.equal(back.status, 'DATA_READY');
  assert.equal(back.assumptionsLocked, false);
  assert.equal(back.paymentStatus, 'PAID');
});

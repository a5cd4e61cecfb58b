// Service tier: the revision round called directly (no HTTP), over a real database. GATE_2 returns the engagement
// for revision: it goes back to DATA_READY with its assumptions kept as version 1; the valuer locks version 2, the
// worker values it again, and the gates run again from GATE_1 with the independence rules applied to the new round.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../helpers/app.js';
import { asUser, reviewTeamApp, type Session } from '../helpers/principals.js';
import { person, refusal } from '../helpers/service.js';
import { engagementAtGate1, uploadFixture, VALID_ASSUMPTIONS } from '../helpers/engagements.js';
import { approveGate, rejectGate } from '../../src/features/review/gates.service.js';
import { getEngagement } from '../../src/features/engagements/engagement-reads.service.js';
import { lockAssumptions } from '../../src/features/valuation/lock.service.js';
import { getAssumptions, getAssumptionsHistory } from '../../src/features/valuation/assumptions.service.js';
import { getValuation } from '../../src/features/valuation/computation.service.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Revision Round Valuers LLP', 'Vani Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const asAdmin = () => person(admin, 'ADMIN', 'Asha Admin');
const asValuer = () => person(valuer, 'VALUER', 'Vani Valuer');
const asReviewer = () => person(reviewer, 'VALUER', 'Rekha Reviewer');

test('GATE_2 returns the engagement for revision; the valuer relocks; the gates run again on version 2', async () => {
  const e = await engagementAtGate1(t, asUser(valuer));
  const before = await getValuation(t.app.services, asValuer(), e.id);
  await approveGate(t.app.services, asReviewer(), {
    engagementId: e.id,
    gate: 'GATE_1',
    comment: 'Inputs tie to the accounts',
  });

  // GATE_2: the independent reviewer sends it back.
  const back = await rejectGate(t.app.services, asAdmin(), {
    engagementId: e.id,
    gate: 'GATE_2',
    reason: 'Use the board-approved FY2027 budget and a WACC nearer the peers',
    outcome: 'REVISE',
  });
  assert.equal(back.status, 'DATA_READY');
  assert.equal(back.assumptionsLocked, false);
  assert.deepEqual(await getAssumptions(t.app.services, asValuer(), e.id), { locked: false });

  // The board-approved budget comes as new financials, so Gate 1 verifies the data again (an approval of Gate 1
  // stands only while the data is unchanged: docs/decisions.md, Gate 1 kept on a relock).
  const up = await uploadFixture(t, asUser(valuer), e.id);
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();

  // The valuer locks version 2; the worker values it and the engagement is at GATE_1 again.
  const locked = await lockAssumptions(t.app.services, asValuer(), e.id, {
    ...VALID_ASSUMPTIONS,
    wacc: 13.5,
    rationale: 'Revised: WACC from the peers after the GATE_2 review, with the board-approved budget.',
  });
  assert.equal(locked.locked, true);
  assert.equal(locked.version, 2);
  await t.worker.drain();
  assert.equal((await getEngagement(t.app.services, asValuer(), e.id)).status, 'GATE_1');
  const after = await getValuation(t.app.services, asValuer(), e.id);
  assert.notEqual(after.computedAt, before.computedAt, 'valued again');
  const valuedAt = (v: unknown) => Number((v as { assumptions: { wacc: string } }).assumptions.wacc);
  assert.equal(valuedAt(before), 12.5);
  assert.equal(valuedAt(after), 13.5, 'valued on version 2');

  // The history keeps version 1 with where, why and by whom it was returned.
  const history = await getAssumptionsHistory(t.app.services, asValuer(), e.id);
  assert.deepEqual(
    history.map((v) => [v.version, v.status, v.wacc]),
    [
      [1, 'SUPERSEDED', 12.5],
      [2, 'CURRENT', 13.5],
    ],
  );
  assert.equal(history[0].revision?.gate, 'GATE_2');
  assert.match(history[0].revision?.reason ?? '', /board-approved FY2027 budget/);

  // The gates run again: GATE_1, then GATE_2 by someone independent of the new lock and the new GATE_1.
  await approveGate(t.app.services, asReviewer(), {
    engagementId: e.id,
    gate: 'GATE_1',
    comment: 'Version 2 ties to the budget',
  });
  const locker = await refusal(approveGate(t.app.services, asValuer(), { engagementId: e.id, gate: 'GATE_2' }));
  assert.equal(locker.code, 'independent_review_required');
  const gate1 = await refusal(approveGate(t.app.services, asReviewer(), { engagementId: e.id, gate: 'GATE_2' }));
  assert.equal(gate1.code, 'independent_review_required');
  const approved = await approveGate(t.app.services, asAdmin(), {
    engagementId: e.id,
    gate: 'GATE_2',
    comment: 'Revision answers the review',
  });
  assert.equal(approved.status, 'GATE_3');
});

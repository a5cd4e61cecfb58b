import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/pdf.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { PROJECTIONS_NOTE, decide, engagementAtGate1, lock } from '../../helpers/engagements.js';
import { setPaymentStatus } from '../../../src/features/engagements/engagements.repository.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Mehta & Rao Registered Valuers', 'Vikram Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const gate = (id: string, g: string, verb: 'approve' | 'reject', headers: Record<string, string>, payload?: object) =>
  decide(t, id, g, verb, headers, payload);
const get = (url: string, headers = asUser(valuer)) => t.app.inject({ method: 'GET', url, headers });

const REVISION_REASON = 'WACC ignores the size premium; relock with 13.5 %.';

test('revision loop: GATE_2 REVISE → DATA_READY → lock version 2 → Gate 1 kept (data unchanged) → GATE_2 with the new value and a new DRAFT; history, events, payment, FINAL trail', async () => {
  const e = await engagementAtGate1(t, asUser(valuer), {
    targetEntity: 'Sample Manufacturing Pvt Ltd',
    statute: 'FEMA_RBI',
    purpose: 'ISSUE_TO_NON_RESIDENT',
  });
  await t.worker.drain();
  const v1 = (await get(`/api/v1/engagements/${e.id}/valuation`)).json();
  const draft1 = (await get(`/api/v1/engagements/${e.id}/report/status`)).json();
  assert.equal(draft1.kind, 'DRAFT');
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  assert.equal((await gate(e.id, 'GATE_1', 'approve', asUser(valuer))).statusCode, 200);

  // A reason is still required; an unknown outcome is refused; nothing changes.
  assert.equal(
    (await gate(e.id, 'GATE_2', 'reject', asUser(reviewer), { reason: 'short', outcome: 'REVISE' })).statusCode,
    400,
  );
  assert.equal(
    (await gate(e.id, 'GATE_2', 'reject', asUser(reviewer), { reason: REVISION_REASON, outcome: 'MAYBE' })).statusCode,
    400,
  );
  const revise = await gate(e.id, 'GATE_2', 'reject', asUser(reviewer), { reason: REVISION_REASON, outcome: 'REVISE' });
  assert.equal(revise.statusCode, 200, revise.body);
  assert.equal(revise.json().status, 'DATA_READY');
  assert.equal(revise.json().assumptionsLocked, false);
  assert.equal(revise.json().paymentStatus, 'PAID', 'the payment stands');
  assert.equal(revise.json().failureReason, null);
  // The old valuation is history now; /valuation waits for the new round.
  assert.equal((await get(`/api/v1/engagements/${e.id}/valuation`)).statusCode, 409);

  // Version 2: locking twice is still 409.
  const lock2 = await lock(t, asUser(valuer), e.id, {
    wacc: 13.5,
    terminalGrowthRate: 4,
    rationale: 'CAPM with a 1.5 % size premium as the reviewer asked.',
    projectionsReasonableness: PROJECTIONS_NOTE,
  });
  assert.equal(lock2.statusCode, 200, lock2.body);
  assert.equal(lock2.json().version, 2);
  const again = await lock(t, asUser(valuer), e.id, {
    wacc: 13.5,
    terminalGrowthRate: 4,
    rationale: 'CAPM with a 1.5 % size premium as the reviewer asked.',
    projectionsReasonableness: PROJECTIONS_NOTE,
  });
  assert.equal(again.statusCode, 409);
  await t.worker.drain();
  const engagement = (await get(`/api/v1/engagements/${e.id}`)).json();
  // Only the assumptions changed: Gate 1's approval of the data stands (docs/decisions.md, Gate 1 kept on a relock).
  assert.equal(engagement.status, 'GATE_2');
  const v2 = (await get(`/api/v1/engagements/${e.id}/valuation`)).json();
  assert.equal(v2.assumptions.wacc, '13.5');
  assert.notEqual(v2.conclusion.valuePerShare, v1.conclusion.valuePerShare);
  assert.ok(Number(v2.conclusion.valuePerShare) < Number(v1.conclusion.valuePerShare), 'a higher WACC, a lower value');
  const draft2 = (await get(`/api/v1/engagements/${e.id}/report/status`)).json();
  assert.equal(draft2.kind, 'DRAFT');
  assert.notEqual(draft2.reportId, draft1.reportId, 'a new DRAFT for the new round');

  // History: version 1 superseded with its valuation, gate, reason and DRAFT; version 2 current.
  const history = (await get(`/api/v1/engagements/${e.id}/assumptions/history`)).json();
  assert.deepEqual(
    history.map((h: { version: number; status: string }) => [h.version, h.status]),
    [
      [1, 'SUPERSEDED'],
      [2, 'CURRENT'],
    ],
  );
  assert.equal(history[0].wacc, 12.5);
  assert.equal(history[0].valuation.valuePerShare, v1.conclusion.valuePerShare);
  assert.deepEqual(
    {
      gate: history[0].revision.gate,
      reason: history[0].revision.reason,
      draftReportId: history[0].revision.draftReportId,
    },
    { gate: 'GATE_2', reason: REVISION_REASON, draftReportId: draft1.reportId },
  );
  assert.equal(history[1].wacc, 13.5);
  assert.equal(history[1].valuation.valuePerShare, v2.conclusion.valuePerShare);

  // Events in order: … GATE_1 → GATE_2 → DATA_READY → COMPUTING → GATE_1 → GATE_2 (Gate 1 kept).
  const outbox = await t.db.query<{
    type: string;
    sequence: number;
    payload: { data: { engagement: { status: string } } };
  }>(`SELECT type, sequence, payload FROM outbox_events WHERE engagement_id = $1 ORDER BY sequence`, [e.id]);
  const stages = outbox
    .filter((o) => o.type === 'engagement.stage_changed')
    .map((o) => o.payload.data.engagement.status);
  assert.deepEqual(stages.slice(stages.indexOf('GATE_2')), ['GATE_2', 'DATA_READY', 'COMPUTING', 'GATE_1', 'GATE_2']);
  const sequences = outbox.map((o) => o.sequence);
  assert.deepEqual(
    sequences,
    [...sequences].sort((a, b) => a - b),
  );
  assert.equal(new Set(sequences).size, sequences.length);
  const audit = (await get(`/api/v1/engagements/${e.id}/events`)).json();
  const returned = audit.find((x: { action: string }) => x.action === 'engagement.return_for_revision');
  assert.equal(returned.fromStatus, 'GATE_2');
  assert.equal(returned.toStatus, 'DATA_READY');
  assert.equal(returned.details.reason, REVISION_REASON);
  assert.equal(returned.details.version, 1);

  // Round 2 to the end: Gate 1 stands (it is not at Gate 1 to approve again); the reviewer decides Gate 2.
  assert.equal((await gate(e.id, 'GATE_1', 'approve', asUser(valuer))).statusCode, 409);
  assert.equal((await gate(e.id, 'GATE_2', 'approve', asUser(reviewer))).statusCode, 200);
  assert.equal(
    (await gate(e.id, 'GATE_3', 'approve', asUser(admin), { comment: 'Signed off after revision', place: 'Mumbai' }))
      .statusCode,
    200,
  );
  await t.worker.drain();
  const final = await get(`/api/v1/engagements/${e.id}/report`);
  assert.equal(final.statusCode, 200);
  const text = pdfText(final.rawPayload);
  // The rounds of review, the return and its reason are the firm's working file: the review record keeps them, and
  // the client's report says nothing of them.
  assert.doesNotMatch(text, /second round|return for revision|returned for revision|Gate 2/i);
  const record = pdfText((await get(`/api/v1/engagements/${e.id}/review-record.pdf`)).rawPayload);
  assert.match(record, /Round 2/);
  assert.ok(record.includes(REVISION_REASON), 'the review record keeps the reason for the return');
  assert.ok(!text.includes(REVISION_REASON), "the reviewer's reason stays in the firm");
  assert.ok(!text.includes('Signed off after revision'), 'a gate comment stays in the firm');
  assert.ok(text.includes('13.5%'));
});

test('DECLINE (and no outcome) still ends in FAILED', async () => {
  const e = await engagementAtGate1(t, asUser(valuer));
  await t.worker.drain();
  const declined = await gate(e.id, 'GATE_1', 'reject', asUser(valuer), {
    reason: 'The financials are for the wrong company.',
    outcome: 'DECLINE',
  });
  assert.equal(declined.json().status, 'FAILED');
  assert.equal((await get(`/api/v1/engagements/${e.id}/assumptions/history`)).json().length, 1);
  const e2 = await engagementAtGate1(t, asUser(valuer));
  await t.worker.drain();
  assert.equal(
    (
      await gate(e2.id, 'GATE_1', 'reject', asUser(valuer), { reason: 'The financials are for the wrong company.' })
    ).json().status,
    'FAILED',
  );
});

test('a DRAFT still waiting for the renderer when the round is returned is superseded, not a dead job', async () => {
  const { enqueueReport } = await import('../../../src/features/reports/report-render.service.js');
  const e = await engagementAtGate1(t, asUser(valuer));
  await t.worker.drain();
  // A second DRAFT render queued but not yet run (as when a reviewer is quicker than the worker).
  const pending = await t.db.transaction((tx) => enqueueReport(tx, admin.firmId, e.id, 'DRAFT'));
  const revise = await gate(e.id, 'GATE_1', 'reject', asUser(valuer), { reason: REVISION_REASON, outcome: 'REVISE' });
  assert.equal(revise.statusCode, 200);
  await t.worker.drain();
  const [row] = await t.db.query<{ status: string; error: string }>('SELECT status, error FROM reports WHERE id = $1', [
    pending,
  ]);
  assert.equal(row.status, 'FAILED');
  assert.match(row.error, /superseded/);
  const dead = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'dead'`);
  assert.equal(dead[0].n, 0);
  const history = (await get(`/api/v1/engagements/${e.id}/assumptions/history`)).json();
  assert.equal(history[0].revision.draftReportId, pending);
});

// Service tier: the rights matrix. For each member (an ADMIN, the assigned valuer, another valuer, a viewer) and
// each stage (CREATED, GATE_1, COMPLETED-less stages are in the gate tests), what GET /engagements/{id} answers in
// `myActions.actions` is what the use case itself does: a refused action is refused with the same code and
// sentence, an allowed one goes through (docs/decisions.md, Who may do what).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../helpers/app.js';
import { addMember, asUser, reviewTeamApp, type Session } from '../helpers/principals.js';
import { person, refusal } from '../helpers/service.js';
import { createEngagement, engagementAtGate1, VALID_ASSUMPTIONS } from '../helpers/engagements.js';
import { getEngagement } from '../../src/features/engagements/engagement-reads.service.js';
import { patchEngagement } from '../../src/features/engagements/engagement-patch.service.js';
import { uploadDocument } from '../../src/features/engagements/documents.service.js';
import { lockAssumptions } from '../../src/features/valuation/lock.service.js';
import type { Principal } from '../../src/domain/identity/roles.js';
import { AppError } from '../../src/lib/errors.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session, viewer: Session;
reviewTeamApp('Rights Matrix Valuers LLP', 'Vani Valuer', async (s) => {
  ({ t, admin, valuer, reviewer } = s);
  viewer = await addMember(t, admin, 'VIEWER', 'Vijay Viewer');
});

const members = (): [string, Principal][] => [
  ['the ADMIN', person(admin, 'ADMIN', 'Asha Admin')],
  ['the assigned valuer', person(valuer, 'VALUER', 'Vani Valuer')],
  ['another valuer', person(reviewer, 'VALUER', 'Rekha Reviewer')],
  [
    'a viewer',
    { ...(person(viewer, 'VALUER', 'Vijay Viewer') as Extract<Principal, { kind: 'user' }>), role: 'VIEWER' },
  ],
];

const EVIDENCE = {
  kind: 'EVIDENCE' as const,
  fileName: 'board-minutes.pdf',
  data: Buffer.from('%PDF-1.4\n% board minutes\n'),
  evidence: { title: 'Board minutes of 2 April 2026', documentDate: '2026-04-02', providedBy: 'Company secretary' },
};

/** Each action the matrix checks and the use case that performs it. */
const USE_CASES: Record<string, (p: Principal, id: string) => Promise<unknown>> = {
  editDetails: (p, id) => patchEngagement(t.app.services, p, id, { targetEntity: 'Matrix Industries Private Limited' }),
  editReportFacts: (p, id) => patchEngagement(t.app.services, p, id, { addressee: 'The Board of Directors' }),
  uploadEvidence: (p, id) => uploadDocument(t.app.services, p, id, EVIDENCE),
  lockAssumptions: (p, id) => lockAssumptions(t.app.services, p, id, VALID_ASSUMPTIONS),
  // Reassigning to the assigned valuer again changes nothing, so the matrix can run it for every member.
  reassign: (p, id) => patchEngagement(t.app.services, p, id, { assignedValuerId: reviewer.userId }),
};

/** What the use case did: null when it went through, else its refusal. */
async function outcome(run: () => Promise<unknown>): Promise<AppError | null> {
  try {
    await run();
    return null;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
}

async function checkMatrix(stage: string, engagementId: () => Promise<string>) {
  for (const [name, useCase] of Object.entries(USE_CASES)) {
    for (const [who, principal] of members()) {
      // A fresh engagement per cell: an allowed action changes it (a lock starts the computation).
      const id = await engagementId();
      const answer = (await getEngagement(t.app.services, principal, id)).myActions.actions[name as 'reassign'];
      const done = await outcome(() => useCase(principal, id));
      const cell = `${name} by ${who} at ${stage}`;
      if (answer.allowed) {
        // Allowed by the rights: any refusal is about the input, never one of the rights' own codes.
        assert.ok(
          done === null ||
            !['forbidden', 'invalid_transition', 'computation_started', 'report_signed'].includes(done.code),
          `${cell}: offered, but refused with ${done?.code} ${done?.message}`,
        );
      } else {
        assert.ok(done, `${cell}: not offered (${answer.blockedCode}), but it went through`);
        assert.equal(done.code, answer.blockedCode, cell);
        assert.equal(done.message, answer.blockedBecause, cell);
      }
    }
  }
}

test('CREATED: a viewer may do nothing, valuers may edit, upload and lock, only the ADMIN or the assignee reassign', async () => {
  await checkMatrix('CREATED', async () => (await createEngagement(t, asUser(valuer))).id);
  const id = (await createEngagement(t, asUser(valuer))).id;
  const actions = (who: Principal) => getEngagement(t.app.services, who, id).then((e) => e.myActions.actions);
  const [, , [, other], [, looker]] = members();
  assert.equal((await actions(looker)).editDetails.blockedCode, 'forbidden');
  assert.equal((await actions(other)).reassign.blockedCode, 'forbidden');
  assert.equal((await actions(other)).uploadEvidence.allowed, true);
});

test('GATE_1: the valuation facts are closed (computation_started), the report facts open, nothing uploads or locks', async () => {
  await checkMatrix('GATE_1', async () => (await engagementAtGate1(t, asUser(valuer))).id);
  const id = (await engagementAtGate1(t, asUser(valuer))).id;
  const [[, asAdmin]] = members();
  const actions = (await getEngagement(t.app.services, asAdmin, id)).myActions.actions;
  assert.equal(actions.editDetails.blockedCode, 'computation_started');
  assert.equal(actions.editReportFacts.allowed, true);
  assert.equal(actions.uploadEvidence.blockedCode, 'invalid_transition');
  assert.equal(actions.lockAssumptions.blockedCode, 'already_locked');
  assert.equal(actions.reassign.allowed, true);
  assert.equal(
    (await refusal(patchEngagement(t.app.services, asAdmin, id, { cin: null }))).code,
    'computation_started',
  );
});

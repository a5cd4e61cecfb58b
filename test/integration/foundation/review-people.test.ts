// The people behind an engagement's lock and gate approvals are kept on its row by triggers (migration 0117,
// docs/performance.md, The engagement read). After each step of a round — a lock by an API token, Gate 1, Gate 2,
// a return for revision, a lock again — the row must say what the audit trail and the assumptions say, worked out
// from them as the read did before the columns existed. On PGlite and PostgreSQL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { gateApprovalAction } from '../../../src/contract/audit-actions.js';
import type { TestApp } from '../../helpers/app.js';
import { asToken, asUser, createToken, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { decide, engagementAtGate1, lock } from '../../helpers/engagements.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Kept People Valuers LLP', 'Kavya Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const person = (actor: string) =>
  `CASE WHEN left(${actor}, 4) = 'tok_' THEN (SELECT t.created_by FROM api_tokens t WHERE t.firm_id = e.firm_id AND t.id = ${actor}) ELSE ${actor} END`;
// A Gate 1 approval kept on a relock is the service's, in the name of the approval it kept (details.keptFrom).
const lastApproval = (gate: 'GATE_1' | 'GATE_2' | 'GATE_3') =>
  `(SELECT COALESCE(ae.actor_id, ae.details->'keptFrom'->>'actorId') FROM audit_events ae WHERE ae.firm_id = e.firm_id AND ae.engagement_id = e.id AND ae.action = '${gateApprovalAction(gate)}' ORDER BY ae.id DESC LIMIT 1)`;

/** The row's kept columns beside the same facts worked out from the audit trail and the assumptions. */
async function keptAndDerived(id: string) {
  const [row] = await t.db.query<Record<string, unknown>>(
    `SELECT e.assumptions_locked, e.locked_by_person, e.gate1_person, e.gate2_person, e.gate3_actor,
            EXISTS (SELECT 1 FROM assumptions a WHERE a.engagement_id = e.id) AS d_locked,
            (SELECT ${person('a.locked_by')} FROM assumptions a WHERE a.firm_id = e.firm_id AND a.engagement_id = e.id) AS d_locked_by,
            ${person(lastApproval('GATE_1'))} AS d_gate1, ${person(lastApproval('GATE_2'))} AS d_gate2,
            ${lastApproval('GATE_3')} AS d_gate3
       FROM engagements e WHERE e.id = $1`,
    [id],
  );
  const kept = {
    locked: row.assumptions_locked,
    lockedBy: row.locked_by_person,
    gate1: row.gate1_person,
    gate2: row.gate2_person,
    gate3: row.gate3_actor,
  };
  const derived = {
    locked: row.d_locked,
    lockedBy: row.d_locked_by,
    gate1: row.d_gate1,
    gate2: row.d_gate2,
    gate3: row.d_gate3,
  };
  return { kept, derived };
}

async function expectKept(id: string, expected: Record<string, unknown>) {
  const { kept, derived } = await keptAndDerived(id);
  assert.deepEqual(kept, derived, 'the kept columns equal what the trail says');
  assert.deepEqual(kept, expected);
}

test('a round with a token lock, two gates and a return keeps the row true at each step', async () => {
  const token = await createToken(t, admin, 'lock token');
  const e = await engagementAtGate1(t, asToken(token.token));
  const none = { gate1: null, gate2: null, gate3: null };
  await expectKept(e.id, { locked: true, lockedBy: admin.userId, ...none });

  const g1 = await decide(t, e.id, 'GATE_1', 'approve', asUser(reviewer));
  assert.equal(g1.statusCode, 200, g1.body);
  await expectKept(e.id, { locked: true, lockedBy: admin.userId, ...none, gate1: reviewer.userId });

  const g2 = await decide(t, e.id, 'GATE_2', 'reject', asUser(valuer), {
    reason: 'The peer set needs two more comparables',
    outcome: 'REVISE',
  });
  assert.equal(g2.statusCode, 200, g2.body);
  await expectKept(e.id, { locked: false, lockedBy: null, ...none, gate1: reviewer.userId });

  const again = await lock(t, asUser(valuer), e.id);
  assert.equal(again.statusCode, 200, again.body);
  await t.worker.drain();
  await expectKept(e.id, { locked: true, lockedBy: valuer.userId, ...none, gate1: reviewer.userId });
});

test("the triggers name the contract's own approval actions", () => {
  const migration = readFileSync(
    new URL('../../../src/db/migrations/0117_engagement_review_people.sql', import.meta.url),
    'utf8',
  );
  for (const gate of ['GATE_1', 'GATE_2', 'GATE_3'] as const)
    assert.ok(migration.includes(`'${gateApprovalAction(gate)}'`), `${gate}: ${gateApprovalAction(gate)}`);
});

// A Gate 2 approval reads the engagement once: one locked read of its row serves the rights, the transition, the
// outbox event and the notifications (docs/architecture.md, Walkthrough: a Gate 2 approval). Counted by wrapping
// the real database handle and looking at each statement.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database, Executor, PreparedStatement } from '../../../src/db/client.js';
import type { ServiceContext } from '../../../src/features/platform/service-context.js';
import { approveGate } from '../../../src/features/review/gates.service.js';
import type { TestApp } from '../../helpers/app.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { person } from '../../helpers/service.js';
import { engagementAtGate1 } from '../../helpers/engagements.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Read Once Valuers LLP', 'Vani Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const sqlOf = (statement: string | PreparedStatement) => (typeof statement === 'string' ? statement : statement.text);

/** The database handle, recording every statement run through it (inside transactions too). */
function recording(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const wrap = (ex: Executor): Executor => ({
    query: (statement, params) => (statements.push(sqlOf(statement)), ex.query(statement, params)),
  });
  const wrapped: Database = {
    ...db,
    kind: db.kind,
    query: (statement, params) => (statements.push(sqlOf(statement)), db.query(statement, params)),
    transaction: (fn) => db.transaction((tx: Executor) => fn(wrap(tx))),
    listen: db.listen.bind(db),
    close: db.close.bind(db),
  };
  return { db: wrapped, statements };
}

/** A statement that reads the engagements table (a SELECT naming it in its FROM). */
const readsEngagement = (sql: string) => /^\s*(WITH[\s\S]*?)?SELECT[\s\S]*\bFROM\s+engagements\b/i.test(sql);

test('a Gate 2 approval reads the engagement row once', async () => {
  const e = await engagementAtGate1(t, asUser(valuer));
  await approveGate(t.app.services, person(reviewer, 'VALUER', 'Rekha Reviewer'), {
    engagementId: e.id,
    gate: 'GATE_1',
  });
  const { db, statements } = recording(t.db);
  const ctx = { ...t.app.services, db } as ServiceContext;
  const approved = await approveGate(ctx, person(admin, 'ADMIN', 'Asha Admin'), {
    engagementId: e.id,
    gate: 'GATE_2',
    comment: 'Independent review done',
  });
  assert.equal(approved.status, 'GATE_3');
  const reads = statements.filter(readsEngagement);
  assert.equal(reads.length, 1, `engagement reads:\n${reads.join('\n---\n')}`);
  assert.match(reads[0], /FOR UPDATE/, 'the one read locks the row');
});

test('the counter is not blind: a read of the engagement is seen', () => {
  assert.ok(readsEngagement('SELECT e.id FROM engagements e WHERE e.firm_id = $1'));
  assert.ok(!readsEngagement('UPDATE engagements SET status = $3 WHERE firm_id = $1 AND id = $2'));
});

// Engagement reads take one database round trip each (get, list, assumptions, valuation, report status,
// waiting for me), and still answer 404 for another firm's engagement. Counted by wrapping the real database handle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Database, Executor } from '../../../src/db/client.js';
import type { ServiceContext } from '../../../src/features/platform/service-context.js';
import { getEngagement, listEngagements } from '../../../src/features/engagements/engagement-reads.service.js';
import { getAssumptions } from '../../../src/features/valuation/assumptions.service.js';
import { getValuation } from '../../../src/features/valuation/computation.service.js';
import { reportStatus } from '../../../src/features/reports/report-download.service.js';
import { waitingFor } from '../../../src/features/review/inbox.service.js';
import type { Principal } from '../../../src/domain/identity/roles.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';
import { engagementAtGate1 } from '../../helpers/engagements.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

function counting(db: Database): { db: Database; count: () => number } {
  let n = 0;
  const wrapped: Database = {
    ...db,
    kind: db.kind,
    query: (statement, params) => (n++, db.query(statement, params)),
    transaction: (fn) =>
      db.transaction((tx: Executor) => fn({ query: (statement, params) => (n++, tx.query(statement, params)) })),
    listen: db.listen.bind(db),
    close: db.close.bind(db),
  };
  return { db: wrapped, count: () => n };
}

test('get, list, assumptions, valuation, report status and waiting for me each take one query; another firm gets 404 from each', async () => {
  const admin = await signupAdmin(t, 'One Trip Valuers LLP');
  const e = await engagementAtGate1(t, asToken((await createToken(t, admin)).token));
  const outsider = await signupAdmin(t, 'Elsewhere LLP');
  const { db, count } = counting(t.db);
  const ctx = { ...t.app.services, db } as ServiceContext;
  const principalOf = async (s: { firmId: string }): Promise<Principal> =>
    ({ kind: 'user', firmId: s.firmId, userId: 'usr_x', role: 'ADMIN', sessionId: 'ses_x' }) as unknown as Principal;
  const mine = await principalOf(admin);
  const reads: [string, () => Promise<unknown>][] = [
    ['get', () => getEngagement(ctx, mine, e.id)],
    ['list', () => listEngagements(ctx, mine, { limit: 20 })],
    ['assumptions', () => getAssumptions(ctx, mine, e.id)],
    ['valuation', () => getValuation(ctx, mine, e.id)],
    ['report status', () => reportStatus(ctx, mine, e.id)],
    ['waiting for me', () => waitingFor(ctx, mine)],
  ];
  for (const [name, read] of reads) {
    const before = count();
    const result = await read();
    assert.ok(result, name);
    assert.equal(count() - before, 1, `${name}: one round trip`);
  }
  const theirs = await principalOf(outsider);
  for (const read of [getEngagement, getAssumptions, getValuation, reportStatus]) {
    await assert.rejects(read(ctx, theirs, e.id), (err: { status?: number }) => err.status === 404, read.name);
  }
  const status = (await reportStatus(ctx, mine, e.id)) as { status: string; kind?: string };
  assert.ok(['GENERATING', 'READY'].includes(status.status), 'the DRAFT is under way or ready');
  assert.equal(status.kind, 'DRAFT');
});

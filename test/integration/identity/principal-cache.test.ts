// The principal cache and the batched token-use record, with two API instances on one database (on
// PostgreSQL each with its own pool and LISTEN connection): a revoked token, a logged-out session, a
// demoted or deactivated member is refused by the other instance within 1 s; a brand-new token works
// at once on both; last_used_at is written within its flush interval and on graceful shutdown.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { buildApp } from '../../../src/app.js';
import { LISTEN_APPLICATION_NAME, openPostgres, type Database } from '../../../src/db/client.js';
import { createLogger } from '../../../src/lib/logger.js';
import type { AppInstance } from '../../../src/http/types.js';
import { createTestApp, testConfig, type TestApp } from '../../helpers/app.js';
import { addMember, asToken, asUser, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { usingPostgres } from '../../helpers/db.js';

let t: TestApp;
let other: AppInstance;
let otherDb: Database | undefined;
let admin: Session;

async function secondInstance(env: Record<string, string> = {}): Promise<{ app: AppInstance; db?: Database }> {
  const db = usingPostgres() ? openPostgres(t.testDb.url!) : undefined;
  const app = await buildApp({
    db: db ?? t.db,
    config: testConfig({ SESSION_SECRET: t.config.SESSION_SECRET!, ...env }),
    log: createLogger('silent'),
  });
  await app.ready();
  return { app, db };
}

before(async () => {
  t = await createTestApp();
  ({ app: other, db: otherDb } = await secondInstance());
  admin = await signupAdmin(t);
});
after(async () => {
  await other.close();
  await otherDb?.close();
  await t.close();
});

const status = async (app: AppInstance, url: string, headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url, headers })).statusCode;

/** Polls until the other instance answers `expected`; returns how long that took. */
async function refusedWithin(url: string, headers: Record<string, string>, expected: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 3000) {
    if ((await status(other, url, headers)) === expected) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 10));
  }
  return Infinity;
}

test('a brand-new token works at once on both instances; revoked through one, the other refuses it within 1 s', async () => {
  const { id, token } = await createToken(t, admin);
  assert.equal(await status(other, '/api/v1/engagements', asToken(token)), 200, 'new token, other instance');
  assert.equal(await status(t.app, '/api/v1/engagements', asToken(token)), 200);
  // Both instances now hold it in their caches: the next request needs no database look-up for identity.
  assert.ok(other.services.principals!.size > 0 && t.app.services.principals!.size > 0, 'cached');
  assert.equal(await status(other, '/api/v1/engagements', asToken(token)), 200);
  const revoked = await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/settings/api-tokens/${id}`,
    headers: asUser(admin),
  });
  assert.equal(revoked.statusCode, 204);
  assert.equal(
    await status(t.app, '/api/v1/engagements', asToken(token)),
    401,
    'the revoking instance refuses it at once',
  );
  const ms = await refusedWithin('/api/v1/engagements', asToken(token), 401);
  assert.ok(ms <= 1000, `refused by the other instance after ${ms} ms`);
});

test('a session logged out, a member demoted, a member deactivated: the other instance follows within 1 s', async () => {
  const viewerToBe = await addMember(t, admin, 'ADMIN');
  assert.equal(await status(other, '/api/v1/settings/webhooks', asUser(viewerToBe)), 200, 'ADMIN, cached');
  await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/team/${viewerToBe.userId}`,
    headers: asUser(admin),
    payload: { role: 'VIEWER' },
  });
  let ms = await refusedWithin('/api/v1/settings/webhooks', asUser(viewerToBe), 403);
  assert.ok(ms <= 1000, `demotion seen after ${ms} ms`);

  const leaver = await addMember(t, admin, 'VALUER');
  assert.equal(await status(other, '/api/v1/auth/me', asUser(leaver)), 200);
  await t.app.inject({ method: 'POST', url: `/api/v1/team/${leaver.userId}/deactivate`, headers: asUser(admin) });
  ms = await refusedWithin('/api/v1/auth/me', asUser(leaver), 401);
  assert.ok(ms <= 1000, `deactivation seen after ${ms} ms`);

  const quitter = await addMember(t, admin, 'VALUER');
  assert.equal(await status(other, '/api/v1/auth/me', asUser(quitter)), 200);
  assert.equal(
    (await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: asUser(quitter) })).statusCode,
    204,
  );
  ms = await refusedWithin('/api/v1/auth/me', asUser(quitter), 401);
  assert.ok(ms <= 1000, `logout seen after ${ms} ms`);
});

test('token use is recorded off the request path: within the flush interval, and on graceful shutdown', async () => {
  const { id, token } = await createToken(t, admin, 'batched');
  const lastUsed = async () =>
    (await t.db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_tokens WHERE id = $1', [id]))[0]
      .last_used_at;
  // An instance with a 200 ms flush interval.
  const fast = await secondInstance({ USAGE_FLUSH_MS: '200' });
  assert.equal(await status(fast.app, '/api/v1/engagements', asToken(token)), 200);
  assert.equal(await lastUsed(), null, 'nothing written on the request path');
  const until = Date.now() + 2000;
  while (!(await lastUsed()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  assert.ok(await lastUsed(), 'written within the flush interval');
  await fast.app.close();
  await fast.db?.close();

  // An instance whose interval never comes: its close (graceful shutdown) writes what it holds.
  const { id: id2, token: token2 } = await createToken(t, admin, 'at-shutdown');
  const slow = await secondInstance({ USAGE_FLUSH_MS: '60000' });
  assert.equal(await status(slow.app, '/api/v1/engagements', asToken(token2)), 200);
  const before = (
    await t.db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_tokens WHERE id = $1', [id2])
  )[0].last_used_at;
  assert.equal(before, null);
  await slow.app.close();
  const after = (
    await t.db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_tokens WHERE id = $1', [id2])
  )[0].last_used_at;
  assert.ok(after, 'written on shutdown');
  await slow.db?.close();
});

test(
  'the LISTEN connection heals itself: cut it, and a revocation still reaches the other instance within 1 s',
  { skip: usingPostgres() ? false : 'PostgreSQL only (PGlite has no separate LISTEN connection)' },
  async () => {
    const dbName = new URL(t.testDb.url!).pathname.slice(1);
    const listeners = async () =>
      (
        await t.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
          [dbName, LISTEN_APPLICATION_NAME],
        )
      )[0].n;
    assert.equal(await listeners(), 2, 'one LISTEN connection per instance');
    await t.db.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND application_name = $2',
      [dbName, LISTEN_APPLICATION_NAME],
    );
    const until = Date.now() + 5000;
    while (Date.now() < until && (await listeners()) < 2) await new Promise((r) => setTimeout(r, 50));
    assert.equal(await listeners(), 2, 'both instances listen again');

    const { id, token } = await createToken(t, admin);
    assert.equal(await status(other, '/api/v1/engagements', asToken(token)), 200);
    assert.equal(await status(other, '/api/v1/engagements', asToken(token)), 200, 'served from the cache');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/settings/api-tokens/${id}`,
      headers: asUser(admin),
    });
    assert.equal(revoked.statusCode, 204);
    const ms = await refusedWithin('/api/v1/engagements', asToken(token), 401);
    assert.ok(ms <= 1000, `refused by the other instance after ${ms} ms`);
  },
);

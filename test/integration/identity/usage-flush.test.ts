// The token-use flush never waits on a token row another transaction holds locked (a revocation in
// progress): it skips that row and finishes at once; the use is written once the row is free again.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createToken, signupAdmin } from '../../helpers/principals.js';
import { usingPostgres } from '../../helpers/db.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test(
  'a flush skips a locked token row instead of waiting for it',
  {
    skip: usingPostgres() ? false : 'PostgreSQL only (PGlite has one connection: the lock would hold the flush anyway)',
  },
  async () => {
    const admin = await signupAdmin(t);
    const { id } = await createToken(t, admin, 'locked');
    const lastUsed = async () =>
      (await t.db.query<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_tokens WHERE id = $1', [id]))[0]
        .last_used_at;
    const usage = t.app.services.usage!;
    await t.db.transaction(async (tx) => {
      await tx.query('SELECT id FROM api_tokens WHERE id = $1 FOR UPDATE', [id]);
      usage.recordTokenUse(id);
      const flushed = await Promise.race([
        usage.flush().then(() => 'done'),
        new Promise((r) => setTimeout(() => r('waiting'), 2000)),
      ]);
      assert.equal(flushed, 'done', 'the flush did not wait for the lock');
    });
    assert.equal(await lastUsed(), null, 'the locked row was skipped');
    usage.recordTokenUse(id);
    await usage.flush();
    assert.ok(await lastUsed(), 'written at the next use once the row is free');
  },
);

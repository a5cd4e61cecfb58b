// Backup and restore as docs/operations.md describes it: pg_dump (custom format) of a database holding a
// COMPLETED engagement with its signed FINAL report, pg_restore into a fresh database, the DATA_DIR secrets
// copied, the service started on the restored database, and the report verified through the public endpoint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { createEmptyPostgresDatabase, usingPostgres } from '../../helpers/db.js';
import { addMember, asUser, signupAdmin } from '../../helpers/principals.js';
import { engagementAtGate1, SIGNING } from '../../helpers/engagements.js';
import { setPaymentStatus } from '../../../src/features/engagements/engagements.repository.js';
import { openPostgres } from '../../../src/db/client.js';
import { migrate } from '../../../src/db/migrate.js';

const skip = usingPostgres()
  ? false
  : 'needs PostgreSQL (TEST_DATABASE_URL): pg_dump and pg_restore work against a server, not the embedded database';

/** The DATA_DIR files a restore needs beside the database (docs/operations.md, Backup and restore). */
const SECRET_FILES = ['session-secret', 'sandbox-gateway-secret', 'report-key-secret'];

/** A PostgreSQL client tool: the newest /usr/lib/postgresql/<version>/bin first (pg_dump must not be older than the server), then PATH. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const versions = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const candidates = [
    ...versions.map((v) => join('/usr/lib/postgresql', v, 'bin', name)),
    ...(process.env.PATH ?? '').split(delimiter).map((d) => join(d, name)),
  ];
  const found = candidates.find((p) => existsSync(p));
  if (!found)
    throw new Error(`${name} not found in /usr/lib/postgresql/*/bin or on PATH (apt-get install postgresql-client)`);
  return found;
}

test(
  'a pg_dump backup restored with pg_restore, with the DATA_DIR secrets, serves and verifies the FINAL report',
  { skip, timeout: 240_000 },
  async () => {
    const originalDir = mkdtempSync(join(tmpdir(), 'vs-backup-origin-'));
    let restored: TestApp | undefined;
    let restoredDrop: (() => Promise<void>) | undefined;
    const t = await createTestApp({ env: { DATA_DIR: originalDir } });
    try {
      // An engagement taken to COMPLETED with its FINAL report signed (the key encrypted with DATA_DIR/report-key-secret).
      const admin = await signupAdmin(t, 'Backup & Restore Valuers LLP');
      const valuer = await addMember(t, admin, 'VALUER', 'Vikram Valuer');
      const reviewer = await addMember(t, admin, 'VALUER', 'Rekha Reviewer');
      const e = await engagementAtGate1(t, asUser(valuer), { targetEntity: 'Restored Manufacturing Pvt Ltd' });
      const gate = (g: string, who: Record<string, string>, payload: object = {}) =>
        t.app.inject({ method: 'POST', url: `/api/v1/engagements/${e.id}/gates/${g}/approve`, headers: who, payload });
      assert.equal((await gate('GATE_1', asUser(valuer))).statusCode, 200);
      assert.equal((await gate('GATE_2', asUser(reviewer))).statusCode, 200);
      await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
      const done = await gate('GATE_3', asUser(admin), SIGNING);
      assert.equal(done.statusCode, 200, done.body);
      assert.equal(done.json().status, 'COMPLETED');
      await t.worker.drain();
      const status = (
        await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report/status`, headers: asUser(admin) })
      ).json();
      assert.equal(status.kind, 'FINAL');
      assert.equal(status.status, 'READY');
      const sha = status.sha256 as string;
      const original = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha}` })).json();
      assert.equal(original.valid, true);
      const originalKey = (await t.app.inject({ method: 'GET', url: '/api/v1/reports/signing-key' })).json();

      // Back up: the database in pg_dump's custom format, and the secret files of DATA_DIR.
      const backupDir = mkdtempSync(join(tmpdir(), 'vs-backup-'));
      const dumpFile = join(backupDir, 'valuation.dump');
      execFileSync(
        pgTool('pg_dump'),
        ['--format=custom', '--no-owner', '--file', dumpFile, '--dbname', t.testDb.url!],
        { stdio: 'pipe' },
      );
      for (const f of SECRET_FILES)
        if (existsSync(join(originalDir, f))) copyFileSync(join(originalDir, f), join(backupDir, f));
      assert.ok(
        existsSync(join(backupDir, 'report-key-secret')),
        'the report key secret was generated into DATA_DIR and backed up',
      );

      // Restore: a fresh database, pg_restore, a fresh DATA_DIR holding the backed-up secrets.
      const target = await createEmptyPostgresDatabase();
      restoredDrop = target.drop;
      execFileSync(pgTool('pg_restore'), ['--no-owner', '--exit-on-error', '--dbname', target.url, dumpFile], {
        stdio: 'pipe',
      });
      const restoredDir = mkdtempSync(join(tmpdir(), 'vs-backup-restored-'));
      for (const f of SECRET_FILES)
        if (existsSync(join(backupDir, f))) copyFileSync(join(backupDir, f), join(restoredDir, f));

      // Start the service on it, as a start would: migrations find everything applied, with matching checksums.
      const db = openPostgres(target.url, { max: 5 });
      const migrated = await migrate(db);
      assert.deepEqual(migrated.applied, []);
      assert.deepEqual(migrated.checksumsRecorded, []);
      restored = await createTestApp({
        env: { DATA_DIR: restoredDir },
        testDb: {
          db,
          url: target.url,
          drop: async () => {
            await db.close();
            await target.drop();
          },
        },
      });
      restoredDrop = undefined;

      assert.equal((await restored.app.inject({ method: 'GET', url: '/readyz' })).statusCode, 200);
      const verified = await restored.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha}` });
      assert.equal(verified.statusCode, 200, verified.body);
      assert.equal(verified.json().valid, true);
      assert.deepEqual(
        verified.json(),
        original,
        'the restored service verifies the report exactly as the original did',
      );
      assert.deepEqual(
        (await restored.app.inject({ method: 'GET', url: '/api/v1/reports/signing-key' })).json(),
        originalKey,
      );
      // The signed PDF itself came back byte for byte, and the restored team can still sign in.
      const pdf = await restored.app.inject({
        method: 'GET',
        url: `/api/v1/engagements/${e.id}/report`,
        headers: asUser(admin),
      });
      assert.equal(
        pdf.statusCode,
        200,
        'the session cookie still authenticates: same SESSION secret, same sessions table',
      );
      assert.equal(createHash('sha256').update(pdf.rawPayload).digest('hex'), sha);
    } finally {
      await restored?.close();
      await restoredDrop?.();
      await t.close();
    }
  },
);

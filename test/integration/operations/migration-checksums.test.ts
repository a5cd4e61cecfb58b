// Migration checksums (docs/operations.md, Migrations): each applied file's SHA-256 is recorded; an applied
// file edited afterwards stops the start with one line naming it; databases from before checksums are filled in once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, usingPostgres } from '../../helpers/db.js';
import { migrate, migrationFiles, MigrationChecksumError, MIGRATIONS_DIR } from '../../../src/db/migrate.js';
import { openAndMigrate } from '../../../src/runtime.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/lib/logger.js';

const recorded = async (db: { query<T>(s: string): Promise<T[]> }) =>
  Object.fromEntries(
    (
      await db.query<{ version: string; checksum: string | null }>('SELECT version, checksum FROM schema_migrations')
    ).map((r) => [r.version, r.checksum]),
  );

test('every applied migration has the SHA-256 of its file recorded', async () => {
  const t = await createTestDatabase();
  try {
    const rows = await recorded(t.db);
    for (const m of migrationFiles()) assert.equal(rows[m.version], m.checksum, m.version);
    assert.match(migrationFiles()[0].checksum, /^[0-9a-f]{64}$/);
  } finally {
    await t.drop();
  }
});

test('an applied migration whose file was edited (a copy of the folder) is refused, naming the file; nothing else changes', async () => {
  const t = await createTestDatabase();
  try {
    const dir = mkdtempSync(join(tmpdir(), 'vs-migrations-'));
    cpSync(MIGRATIONS_DIR, dir, { recursive: true });
    assert.deepEqual((await migrate(t.db, { dir })).applied, [], 'an unedited copy is the same migrations');
    appendFileSync(join(dir, '0003_engagements.sql'), '\n-- an innocent-looking edit\n');
    const before = await recorded(t.db);
    await assert.rejects(migrate(t.db, { dir }), (err: Error) => {
      assert.ok(err instanceof MigrationChecksumError);
      assert.equal(err.message.split('\n').length, 1);
      assert.match(err.message, /0003_engagements\.sql was edited after it was applied/);
      return true;
    });
    assert.deepEqual(await recorded(t.db), before, 'the refusal records nothing');
  } finally {
    await t.drop();
  }
});

test('a database from before checksums (no column, or empty ones) gets them recorded once, without refusing', async () => {
  const t = await createTestDatabase();
  try {
    await t.db.query('ALTER TABLE schema_migrations DROP COLUMN checksum');
    const first = await migrate(t.db);
    assert.deepEqual(first.applied, []);
    assert.deepEqual(
      first.checksumsRecorded,
      migrationFiles().map((m) => m.version),
    );
    await t.db.query(`UPDATE schema_migrations SET checksum = NULL WHERE version = '0001_foundation'`);
    assert.deepEqual((await migrate(t.db)).checksumsRecorded, ['0001_foundation']);
    assert.deepEqual((await migrate(t.db)).checksumsRecorded, [], 'recorded once');
    const rows = await recorded(t.db);
    for (const m of migrationFiles()) assert.equal(rows[m.version], m.checksum, m.version);
  } finally {
    await t.drop();
  }
});

test('the service refuses to start on a database whose applied migration differs from its file: one line naming the file', async () => {
  const env: Record<string, string> = { PATH: process.env.PATH!, LOG_LEVEL: 'silent', DEMO_SEED: 'false', PORT: '0' };
  let drop = async () => {};
  if (usingPostgres()) {
    const t = await createTestDatabase();
    await t.db.query(`UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE version = '0003_engagements'`);
    env.DATABASE_URL = t.url!;
    env.DATA_DIR = mkdtempSync(join(tmpdir(), 'vs-checksum-'));
    drop = () => t.drop();
  } else {
    env.DATA_DIR = mkdtempSync(join(tmpdir(), 'vs-checksum-'));
    const db = await openAndMigrate(
      loadConfig({ DATA_DIR: env.DATA_DIR, LOG_LEVEL: 'silent' }),
      createLogger('silent'),
    );
    // As if the file had been edited since: the recorded checksum no longer matches it.
    await db.query(`UPDATE schema_migrations SET checksum = repeat('0', 64) WHERE version = '0003_engagements'`);
    await db.close();
  }
  try {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.notEqual(r.status, 0, r.stdout + r.stderr);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], /^Refusing to start: Migration .*0003_engagements\.sql was edited after it was applied/);
  } finally {
    await drop();
  }
});

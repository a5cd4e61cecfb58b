import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { openAndMigrate } from '../../../src/runtime.js';
import { loadConfig } from '../../../src/config.js';
import { createLogger } from '../../../src/lib/logger.js';
import { migrate } from '../../../src/db/migrate.js';

test('restarting on an existing DATA_DIR reopens the database, skips applied migrations and keeps the data', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vs-restart-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const log = createLogger('silent');
  const first = await openAndMigrate(config, log);
  await first.query(`INSERT INTO firms (id, name) VALUES ('frm_restart', 'Kept Across Restarts LLP')`);
  await first.close();

  const second = await openAndMigrate(config, log);
  try {
    assert.deepEqual((await migrate(second)).applied, [], 'no migration applied twice');
    const rows = await second.query<{ name: string }>(`SELECT name FROM firms WHERE id = 'frm_restart'`);
    assert.equal(rows[0]?.name, 'Kept Across Restarts LLP');
  } finally {
    await second.close();
  }
});

function start(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { PATH: process.env.PATH!, DATA_DIR: mkdtempSync(join(tmpdir(), 'vs-cfg-')), ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

test('a bad PORT stops the start with one line naming it', () => {
  const r = start({ PORT: 'eighty' });
  assert.notEqual(r.status, 0);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /PORT/);
});

test('a bad DATABASE_URL stops the start with one line naming it', () => {
  const r = start({ DATABASE_URL: 'mysql://localhost/db' });
  assert.notEqual(r.status, 0);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /DATABASE_URL/);
});

test('an unreachable DATABASE_URL stops the start with one line naming it', () => {
  const r = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
  assert.notEqual(r.status, 0);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /DATABASE_URL/);
});

test('in production the start stops, with one line naming PUBLIC_BASE_URL, while it is unset or local', () => {
  for (const env of [
    {},
    { PUBLIC_BASE_URL: 'http://localhost:3000' },
    { PUBLIC_BASE_URL: 'http://127.0.0.1:3000' },
  ] as Record<string, string>[]) {
    const r = start({ NODE_ENV: 'production', ...env });
    assert.notEqual(r.status, 0);
    const lines = r.stderr.trim().split('\n');
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], /PUBLIC_BASE_URL/);
  }
});

test('in production a plain http:// PUBLIC_BASE_URL stops the start with one line', () => {
  const r = start({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'http://valuations.example.com' });
  assert.notEqual(r.status, 0);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /PUBLIC_BASE_URL: in production it must be an https:\/\/ address/);
  assert.doesNotThrow(() =>
    loadConfig({ NODE_ENV: 'production', PUBLIC_BASE_URL: 'https://valuations.example.com', DATA_DIR: tmpdir() }),
  );
});

test('a worker whose REPORT_KEY_SECRET differs from the one the database was sealed with refuses to start, in one line', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vs-secret-'));
  const first = 'a'.repeat(40);
  // The first start seals the check value with its secret.
  const db = await openAndMigrate(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REPORT_KEY_SECRET: first }),
    createLogger('silent'),
  );
  await db.close();
  // The same secret starts again; another is refused before the worker takes a job.
  const same = await openAndMigrate(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REPORT_KEY_SECRET: first }),
    createLogger('silent'),
  );
  await same.close();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts', 'worker'], {
    env: {
      PATH: process.env.PATH!,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      REPORT_KEY_SECRET: 'b'.repeat(40),
    },
    encoding: 'utf8',
    timeout: 60_000,
  });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  const lines = r.stderr.trim().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /^Refusing to start: REPORT_KEY_SECRET does not open the secrets this database holds/);
});

// A fresh, migrated database per test file: PGlite in-process by default, or a throwaway
// database on the real PostgreSQL server named by TEST_DATABASE_URL.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPostgres, wrapPglite, type Database } from '../../src/db/client.js';
import { migrate, migrationFiles } from '../../src/db/migrate.js';

export interface TestDatabase {
  db: Database;
  /** For PostgreSQL: the URL of this test's own database. */
  url?: string;
  drop(): Promise<void>;
}

export const usingPostgres = (): boolean => Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(): Promise<TestDatabase> {
  return usingPostgres() ? createPostgresDatabase(process.env.TEST_DATABASE_URL!) : createPgliteDatabase();
}

async function createPostgresDatabase(adminUrl: string): Promise<TestDatabase> {
  const empty = await createEmptyPostgresDatabase(adminUrl, await postgresTemplate(adminUrl));
  const db = openPostgres(empty.url, { max: 20 });
  await migrate(db); // a no-op on the template's copy, but it still checks every recorded checksum
  return {
    db,
    url: empty.url,
    async drop() {
      await db.close();
      await empty.drop();
    },
  };
}

/** An empty throwaway database on the server of TEST_DATABASE_URL (not migrated): for restores. */
export async function createEmptyPostgresDatabase(
  adminUrl: string = process.env.TEST_DATABASE_URL!,
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vs_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A short name for the current set of migrations: a template made from another set is never used. */
function migrationSetHash(): string {
  return createHash('sha256')
    .update(['checksums-v1', ...migrationFiles().map((m) => m.version + m.sql)].join('\n'))
    .digest('hex')
    .slice(0, 16);
}

/** Any number; held while one test process builds the PostgreSQL template, so the others wait for it. */
const TEMPLATE_LOCK_ID = 74_210_531;

/**
 * PostgreSQL: migrating a database costs a second or more per test file; a migrated template database is built once
 * per migration set on the server (under an advisory lock, under a temporary name renamed when complete, so a build
 * that died half-way is never used) and each file's database is copied from it by CREATE DATABASE … TEMPLATE.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `vs_template_${migrationSetHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = await createEmptyPostgresDatabase(adminUrl);
      const db = openPostgres(building.url, { max: 1 });
      await migrate(db);
      await db.close();
      const buildingName = new URL(building.url).pathname.slice(1);
      await admin.query(`ALTER DATABASE ${buildingName} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]).catch(() => undefined);
    await admin.end();
  }
  return name;
}

// initdb costs seconds; a migrated template is built once per migration set and loaded per file.
async function pgliteTemplate(): Promise<Blob> {
  const file = join(tmpdir(), `vs-pglite-template-${migrationSetHash()}.tar.gz`);
  if (!existsSync(file)) {
    const fresh = await PGlite.create();
    await migrate(wrapPglite(fresh));
    const dump = await fresh.dumpDataDir('gzip');
    await fresh.close();
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  }
  return new Blob([readFileSync(file)]);
}

async function createPgliteDatabase(): Promise<TestDatabase> {
  const raw = await PGlite.create({ loadDataDir: await pgliteTemplate() });
  const db = wrapPglite(raw);
  await migrate(db);
  return { db, drop: () => db.close() };
}

/** A member seeded by SQL: id, firm, name, role, status (the e-mail is made from the id). */
export type SeededMember = [id: string, firmId: string, name: string, role: string, status: string];

/** Firms ([id, name]) and their members by SQL, for repository tests below the API. */
export async function seedFirms(
  db: TestDatabase['db'],
  firms: [id: string, name: string][],
  members: SeededMember[],
): Promise<void> {
  for (const [id, name] of firms) await db.query('INSERT INTO firms (id, name) VALUES ($1, $2)', [id, name]);
  for (const [id, firmId, name, role, status] of members)
    await db.query('INSERT INTO users (id, firm_id, email, name, role, status) VALUES ($1, $2, $3, $4, $5, $6)', [
      id,
      firmId,
      `${id}@example.com`,
      name,
      role,
      status,
    ]);
}

// Applies src/db/migrations/*.sql in name order, each in its own transaction, on either engine.
// An advisory lock makes concurrent starts (several API processes) take turns. Each applied file's
// SHA-256 is recorded; a recorded file edited afterwards stops the start (docs/operations.md, Migrations).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';
import type { Database, Executor } from './client.js';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_ID = 727_001;

export interface MigrationFile {
  version: string;
  file: string;
  sql: string;
  /** SHA-256 (hex) of the file's bytes. */
  checksum: string;
}

/** An applied migration whose file no longer has the bytes that were applied. */
export class MigrationChecksumError extends Error {
  constructor(
    readonly file: string,
    recorded: string,
    actual: string,
  ) {
    super(
      `Migration ${file} was edited after it was applied (recorded sha256 ${recorded.slice(0, 12)}…, file now ${actual.slice(0, 12)}…): ` +
        'restore the file as it was and put the change in a new migration',
    );
    this.name = 'MigrationChecksumError';
  }
}

export function migrationFiles(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => {
      const bytes = readFileSync(join(dir, f));
      return {
        version: f.replace(/\.sql$/, ''),
        file: join(dir, f),
        sql: bytes.toString('utf8'),
        checksum: createHash('sha256').update(bytes).digest('hex'),
      };
    });
}

async function ensureMigrationsTable(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    // Databases migrated before checksums were recorded get the column; their rows are filled in below.
    await tx.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
  });
}

export async function migrate(
  db: Database,
  options: { dir?: string } = {},
): Promise<{ applied: string[]; checksumsRecorded: string[] }> {
  await ensureMigrationsTable(db);
  const applied: string[] = [];
  const checksumsRecorded: string[] = [];
  for (const m of migrationFiles(options.dir)) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const done = await tx.query<{ checksum: string | null }>(
        'SELECT checksum FROM schema_migrations WHERE version = $1',
        [m.version],
      );
      if (done.length > 0) {
        const recorded = done[0].checksum;
        if (recorded === null) {
          // Applied before checksums existed: trust the file as it is now, once.
          await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [m.version, m.checksum]);
          checksumsRecorded.push(m.version);
        } else if (recorded !== m.checksum) {
          throw new MigrationChecksumError(m.file, recorded, m.checksum);
        }
        return;
      }
      // Migration files hold several statements; run them as one simple-protocol batch.
      for (const statement of splitSql(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [m.version, m.checksum]);
      applied.push(m.version);
    });
  }
  return { applied, checksumsRecorded };
}

/** Versions of migration files not yet recorded as applied (empty when the schema is current). */
export async function pendingMigrations(
  db: Executor,
  files: readonly Pick<MigrationFile, 'version'>[] = migrationFiles(),
): Promise<string[]> {
  let rows: { version: string }[];
  try {
    rows = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  } catch (err) {
    // A database never migrated has no schema_migrations table (undefined_table): everything is pending.
    if ((err as { code?: string }).code === '42P01') return files.map((f) => f.version);
    throw err;
  }
  const done = new Set(rows.map((r) => r.version));
  return files.map((f) => f.version).filter((v) => !done.has(v));
}

/** Splits a migration on semicolons at line ends; our migrations keep no semicolons inside bodies. */
function splitSql(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}

// Applies src/db/migrations/*.sql in name order, each in its own transaction, on either engine.
// An advisory lock makes concurrent starts (several API processes) take turns.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';
import type { Database } from './client.js';

const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
const MIGRATION_LOCK_ID = 727_001;

export function migrationFiles(): { version: string; sql: string }[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(MIGRATIONS_DIR, f), 'utf8') }));
}

export async function migrate(db: Database): Promise<{ applied: string[] }> {
  await db.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const applied: string[] = [];
  for (const m of migrationFiles()) {
    await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [m.version]);
      if (done.length > 0) return;
      // Migration files hold several statements; run them as one simple-protocol batch.
      for (const statement of splitSql(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    });
  }
  return { applied };
}

/** Splits a migration on semicolons at line ends; our migrations keep no semicolons inside bodies. */
function splitSql(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}

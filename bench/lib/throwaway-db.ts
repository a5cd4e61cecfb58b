// A throwaway PostgreSQL database for a bench run: created on the admin connection, dropped (forcibly)
// at the end, even when the run fails or is interrupted.
import pg from 'pg';
import { openPostgres } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

/** Creates `name` next to the admin database; returns its connection URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** createDatabase with the service's migrations run on it (dropped again when they fail); returns its URL. */
export async function createMigratedDatabase(adminUrl: string, name: string): Promise<string> {
  const url = await createDatabase(adminUrl, name);
  try {
    const db = openPostgres(url, { max: 2 });
    try {
      await migrate(db);
    } finally {
      await db.close();
    }
  } catch (e) {
    await dropDatabase(adminUrl, name);
    throw e;
  }
  return url;
}

/** The environment of a service a bench starts: production, quiet, no demo firm, no console. */
export const BENCH_SERVICE_ENV = {
  DEMO_SEED: 'false',
  LOG_LEVEL: 'warn',
  WEB_DIST_DIR: '/nonexistent',
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-session-secret-0123456789abcdef0123456789',
  PUBLIC_BASE_URL: 'https://valuations.bench.example',
} as const;

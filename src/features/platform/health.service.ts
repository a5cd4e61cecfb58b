import type { Database } from '../../db/client.js';
import { migrationFiles, pendingMigrations } from '../../db/migrate.js';
import { pingDatabase } from './health.repository.js';

export interface HealthResult {
  status: 'ok' | 'unhealthy';
  database: 'up' | 'down';
  timestamp: string;
}

/**
 * `work`, or a rejection once `timeoutMs` has passed. The timer's callback runs before the poll phase reads
 * sockets: after a busy stretch of our own event loop the database's answer may already be waiting, so the
 * rejection waits one turn (setImmediate) and an answer already there wins. A busy loop is not a database down.
 */
async function withinTimeout<T>(work: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => setImmediate(() => reject(new Error(`${what} timed out`))), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** A real query round-trip, bounded in time so a hung server answers 503 rather than hanging the probe. */
export async function checkHealth(db: Database, timeoutMs = 2000): Promise<HealthResult> {
  const timestamp = new Date().toISOString();
  try {
    await withinTimeout(pingDatabase(db), timeoutMs, 'health query');
    return { status: 'ok', database: 'up', timestamp };
  } catch {
    return { status: 'unhealthy', database: 'down', timestamp };
  }
}

export interface ReadinessResult {
  status: 'ready' | 'unready';
  database: 'up' | 'down';
  /** Migration files not yet applied to the database (empty when the schema is current). */
  pendingMigrations: string[];
  timestamp: string;
}

/**
 * Readiness (docs/operations.md, Probes): the database answers within the timeout and every migration
 * file of this build is recorded as applied. Liveness never calls this; it touches no database.
 */
export async function checkReadiness(db: Database, timeoutMs = 2000): Promise<ReadinessResult> {
  const timestamp = new Date().toISOString();
  try {
    const pending = await withinTimeout(pendingMigrations(db, files), timeoutMs, 'readiness query');
    return {
      status: pending.length === 0 ? 'ready' : 'unready',
      database: 'up',
      pendingMigrations: pending,
      timestamp,
    };
  } catch {
    return { status: 'unready', database: 'down', pendingMigrations: [], timestamp };
  }
}

/** This build's migrations, read once. */
const files = migrationFiles().map((m) => ({ version: m.version }));

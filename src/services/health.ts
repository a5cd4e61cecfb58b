import type { Database } from '../db/client.js';
import { migrationFiles, pendingMigrations } from '../db/migrate.js';
import { pingDatabase } from '../db/repositories/health.js';

export interface HealthResult {
  status: 'ok' | 'unhealthy';
  database: 'up' | 'down';
  timestamp: string;
}

/** A real query round-trip, bounded in time so a hung server answers 503 rather than hanging the probe. */
export async function checkHealth(db: Database, timeoutMs = 2000): Promise<HealthResult> {
  const timestamp = new Date().toISOString();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      pingDatabase(db),
      new Promise((_, reject) => {
        // The timer's callback runs before the poll phase reads sockets: after a busy stretch of our own event loop
        // the database's answer may already be waiting. setImmediate lets it be read first, so a loop that was busy
        // is not reported as a database that is down.
        timer = setTimeout(() => setImmediate(() => reject(new Error('health query timed out'))), timeoutMs);
      }),
    ]);
    return { status: 'ok', database: 'up', timestamp };
  } catch {
    return { status: 'unhealthy', database: 'down', timestamp };
  } finally {
    clearTimeout(timer);
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
  let timer: NodeJS.Timeout | undefined;
  try {
    const pending = await Promise.race([
      pendingMigrations(db, files),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('readiness query timed out')), timeoutMs);
      }),
    ]);
    return {
      status: pending.length === 0 ? 'ready' : 'unready',
      database: 'up',
      pendingMigrations: pending,
      timestamp,
    };
  } catch {
    return { status: 'unready', database: 'down', pendingMigrations: [], timestamp };
  } finally {
    clearTimeout(timer);
  }
}

/** This build's migrations, read once. */
const files = migrationFiles().map((m) => ({ version: m.version }));

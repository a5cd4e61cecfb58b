// Opens the database, applies migrations, and wires the worker's handlers.
// Shared by main.ts and the test helpers, so tests run the same start-up path as production.
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { migrate } from './db/migrate.js';
import { Worker, type JobHandler } from './jobs/worker.js';
import type { ServiceContext } from './features/platform/service-context.js';
import { jobHandlers } from './jobs/job-kinds.js';
import { sealWebhookSecrets, verifyAtRestSecret } from './features/platform/secrets.service.js';

export async function openAndMigrate(config: Config, log: Logger): Promise<Database> {
  const db = await openDatabase(config);
  try {
    const { applied, checksumsRecorded } = await migrate(db);
    if (checksumsRecorded.length)
      log.info({ checksumsRecorded }, 'recorded the checksums of migrations applied before checksums were kept');
    log.info({ database: db.kind, applied }, applied.length ? 'migrations applied' : 'database schema up to date');
    // Part of migrating: webhook secrets written before encryption at rest are sealed now (0082).
    await verifyAtRestSecret(db, config);
    const sealed = await sealWebhookSecrets(db, config);
    if (sealed > 0) log.info({ sealed }, 'webhook secrets encrypted at rest');
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

export function createWorker(services: ServiceContext, extra: Record<string, JobHandler> = {}): Worker {
  return new Worker(services.db, {
    handlers: { ...jobHandlers(services), ...extra },
    log: services.log.child({ component: 'worker' }),
    pollMs: services.config.WORKER_POLL_MS,
    leaseSeconds: services.config.JOB_LEASE_SECONDS,
  });
}

/** A forked API process opens the database its primary migrated, and checks the at-rest secret as the primary did. */
export async function openVerified(config: Config): Promise<Database> {
  const db = await openDatabase(config);
  try {
    await verifyAtRestSecret(db, config);
  } catch (err) {
    await db.close().catch(() => {});
    throw err;
  }
  return db;
}

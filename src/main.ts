// Entry point: `api`, `worker`, or both (the default, used by `npm start`).
import { availableParallelism } from 'node:os';
import { apiProcessCount, loadConfig, ConfigError, type Config } from './config.js';
import { forkApiProcesses, isClusterChild, type ApiCluster } from './api-cluster.js';
import { createLogger } from './lib/logger.js';
import { startStallTrace } from './lib/stall-trace.js';
import { buildApp, createServiceContext } from './app.js';
import { openAndMigrate, openVerified, createWorker } from './runtime.js';
import type { Database } from './db/client.js';
import { MigrationChecksumError } from './db/migrate.js';
import type { ServiceContext } from './features/platform/service-context.js';
import { seedDemoFirm } from './features/identity/identity.service.js';
import { startDemoEngagements } from './demo-engagements.js';
import { ensureOutboxSweep } from './features/webhooks/webhook-delivery.service.js';
import { AtRestSecretMismatch } from './features/platform/secrets.service.js';

/** host:port/db of a connection URL, without credentials. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  } catch {
    return 'unparseable URL';
  }
}

type Role = 'all' | 'api' | 'worker';

/** First start on an empty database: create the demo firm and print its credentials once (never logged). */
async function printDemoCredentials(services: ServiceContext, config: Config) {
  const demo = await seedDemoFirm(services);
  if (!demo) return null;
  const base = `http://localhost:${config.PORT}`;
  console.log(
    [
      '',
      '  Demo firm created (shown once; keep these):',
      `    login     ${demo.email}`,
      `    password  ${demo.password}`,
      `    API token ${demo.token}`,
      `    try       curl -H "Authorization: Bearer ${demo.token}" ${base}/api/v1/engagements`,
      `    docs      ${base}/docs`,
      '',
    ].join('\n'),
  );
  return demo;
}

async function main(): Promise<void> {
  // A forked API process (API_PROCESSES > 1) serves HTTP only: its primary migrated, seeds and runs jobs.
  const clusterChild = isClusterChild();
  const role = clusterChild ? 'api' : ((process.argv[2] ?? 'all') as Role);
  if (!['all', 'api', 'worker'].includes(role)) {
    console.error(`Unknown process role "${role}": use api, worker, or nothing for both`);
    process.exit(2);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = createLogger(config.LOG_LEVEL);
  const stopTrace = config.STALL_TRACE_FILE ? startStallTrace(config.STALL_TRACE_FILE) : undefined;
  const apiProcesses = role === 'worker' || clusterChild ? 1 : apiProcessCount(config, availableParallelism());
  let db: Database;
  try {
    db = clusterChild ? await openVerified(config) : await openAndMigrate(config, log);
  } catch (err) {
    if (err instanceof MigrationChecksumError || err instanceof AtRestSecretMismatch) {
      console.error(`Refusing to start: ${err.message}`);
      process.exit(1);
    }
    const where = config.DATABASE_URL
      ? `DATABASE_URL (${redactUrl(config.DATABASE_URL)})`
      : `DATA_DIR (${config.DATA_DIR})`;
    console.error(`Cannot open the database named by ${where}: ${(err as Error).message}`);
    process.exit(1);
  }

  const services = createServiceContext({ db, config, log });
  const worker = role !== 'api' ? createWorker(services) : undefined;
  const serveHttpHere = role !== 'worker' && apiProcesses === 1;
  const app = serveHttpHere ? await buildApp({ db, config, log }, services) : undefined;
  const demo =
    role !== 'worker' && !clusterChild && config.DEMO_SEED ? await printDemoCredentials(services, config) : null;
  let apiCluster: ApiCluster | undefined;

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new requests or jobs, finishing those in flight');
    const force = setTimeout(() => {
      log.error('shutdown took longer than 25 s; exiting');
      process.exit(1);
    }, 25_000);
    force.unref();
    await apiCluster?.stop(); // each API process stops accepting and finishes its requests
    await app?.close(); // stops accepting, waits for in-flight requests
    await worker?.stop(); // waits for in-flight jobs
    await db.close();
    await stopTrace?.();
    log.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // The recurring outbox sweep re-queues itself; make sure one is queued in case it ever died.
  if (worker) await ensureOutboxSweep(services);
  await worker?.start();
  if (role !== 'worker' && apiProcesses > 1) {
    apiCluster = forkApiProcesses(apiProcesses, log);
    await apiCluster.ready;
    log.info({ apiProcesses, port: config.PORT }, 'API processes listening');
  }
  if (app) {
    try {
      await app.listen({ port: config.PORT, host: config.HOST });
    } catch (err) {
      console.error(`Cannot listen on ${config.HOST}:${config.PORT}: ${(err as Error).message}`);
      await worker?.stop();
      await db.close();
      process.exit(1);
    }
  }
  if (demo && config.DEMO_ENGAGEMENTS) {
    const address = app?.server.address();
    const port = address && typeof address === 'object' ? address.port : config.PORT;
    startDemoEngagements(`http://127.0.0.1:${port}`, demo, log);
  }
}

main().catch((err) => {
  console.error(`Start failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});

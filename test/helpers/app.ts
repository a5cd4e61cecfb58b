// Builds the real app over a real database for a test file, and calls it with inject.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createLogger } from '../../src/lib/logger.js';
import { createWorker } from '../../src/runtime.js';
import type { Worker, JobHandler } from '../../src/jobs/worker.js';
import type { AppInstance } from '../../src/http/types.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TestApp {
  app: AppInstance;
  db: TestDatabase['db'];
  testDb: TestDatabase;
  config: Config;
  worker: Worker;
  /** Every log line written, for tests that check what is (not) logged. */
  logs: string[];
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vs-data-')),
    SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    DEMO_SEED: 'false',
    ...env,
  });
}

export async function createTestApp(
  options: { env?: Record<string, string>; handlers?: Record<string, JobHandler>; testDb?: TestDatabase } = {},
): Promise<TestApp> {
  // A given database (a restored backup) is the test's own: it is dropped on close like a fresh one.
  const testDb = options.testDb ?? (await createTestDatabase());
  const config = testConfig(options.env);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const log = createLogger(config.LOG_LEVEL, sink);
  const app = await buildApp({ db: testDb.db, config, log });
  await app.ready();
  const worker = createWorker(app.services, options.handlers);
  return {
    app,
    db: testDb.db,
    testDb,
    config,
    worker,
    logs,
    async close() {
      await worker.stop();
      await app.close();
      await testDb.drop();
    },
  };
}

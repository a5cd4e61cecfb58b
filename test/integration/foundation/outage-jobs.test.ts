// A compute job that loses the database mid-run must be retried, not failed for good: the engagement
// stays COMPUTING through the outage and reaches GATE_1 once connections are allowed again.
// PostgreSQL only: the outage is real (ALLOW_CONNECTIONS false and every backend terminated).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';
import { createEngagement, lock, status, uploadFixture } from '../../helpers/engagements.js';
import { usingPostgres } from '../../helpers/db.js';
import { Worker, type JobHandler } from '../../../src/jobs/worker.js';
import { jobHandlers } from '../../../src/jobs/job-kinds.js';
import { COMPUTE_JOB } from '../../../src/features/platform/job-queue.service.js';

const skip = usingPostgres() ? false : 'needs PostgreSQL (TEST_DATABASE_URL) to refuse connections for real';
let t: TestApp;

before(async () => {
  if (skip) return;
  t = await createTestApp();
});
after(async () => t?.close());

test('a compute job that meets a database outage completes after it', { skip }, async () => {
  const admin = await signupAdmin(t, 'Outage Valuers LLP');
  const bearer = asToken((await createToken(t, admin)).token);
  const e = await createEngagement(t, bearer);
  const up = await uploadFixture(t, bearer, e.id);
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain(); // ingestion
  assert.equal((await lock(t, bearer, e.id)).statusCode, 200);
  assert.equal(await status(t, bearer, e.id), 'COMPUTING');

  const dbName = new URL(t.testDb.url!).pathname.slice(1);
  const admin_ = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin_.connect();
  const real = jobHandlers(t.app.services)[COMPUTE_JOB];
  const allow = (on: boolean) => admin_.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS ${on}`);
  let calls = 0;
  let firstError = '';
  // The outage begins after the worker has claimed the job and ends as soon as the handler has failed
  // against it, so the worker can record the outcome: a retry, never a permanent failure.
  const handler: JobHandler = async (ctx) => {
    calls++;
    if (calls > 1) return real(ctx);
    await allow(false);
    await admin_.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [dbName],
    );
    try {
      await real(ctx);
    } catch (err) {
      firstError = (err as Error).message;
      throw err;
    } finally {
      await allow(true);
    }
  };
  const worker = new Worker(t.db, {
    handlers: { [COMPUTE_JOB]: handler },
    log: t.app.services.log,
    leaseSeconds: 5,
    pollMs: 100,
  });
  let now = '';
  try {
    await worker.start();
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      now = await status(t, bearer, e.id).catch(() => '');
      if (now === 'GATE_1') break;
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    await worker.stop();
    await allow(true);
    await admin_.end();
  }
  assert.ok(firstError, 'the first attempt met the outage');
  assert.equal(now, 'GATE_1', 'the engagement left COMPUTING for GATE_1 after the outage');
  assert.ok(calls >= 2, `the job ran again after the outage (ran ${calls} times)`);
  const [job] = await t.db.query<{ status: string; attempts: number }>(
    `SELECT status, attempts FROM jobs WHERE kind = $1 AND payload->>'engagementId' = $2`,
    [COMPUTE_JOB, e.id],
  );
  assert.equal(job.status, 'succeeded');
});

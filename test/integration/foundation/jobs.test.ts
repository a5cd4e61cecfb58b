import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';
import { createLogger } from '../../../src/lib/logger.js';
import {
  claimJob,
  enqueue,
  completeJob,
  LeaseLostError,
  buryAbandoned,
} from '../../../src/features/platform/job-queue.repository.js';
import { getJob } from '../../helpers/jobs.js';
import { Worker, type JobHandler } from '../../../src/jobs/worker.js';
import { openPostgres } from '../../../src/db/client.js';

let t: TestDatabase;
const log = createLogger('silent');

before(async () => {
  t = await createTestDatabase();
  await t.db.query(
    'CREATE TABLE job_effects (job_id text NOT NULL, worker text NOT NULL, started_at timestamptz NOT NULL DEFAULT clock_timestamp())',
  );
});
after(async () => {
  await t.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Records its effect in the same transaction that completes the job. */
const recordEffect: JobHandler = async (ctx) => {
  await ctx.db.transaction(async (tx) => {
    await tx.query('INSERT INTO job_effects (job_id, worker) VALUES ($1, $2)', [ctx.job.id, ctx.job.lockedBy]);
    await ctx.complete(tx);
  });
};

test('a job whose worker dies mid-job is claimed again after the lease and completes exactly once', async () => {
  const jobId = (await t.db.transaction((tx) => enqueue(tx, 'effect', { n: 1 })))!;
  // Worker A claims with a one-second lease, then "dies": it never completes.
  const claimedByA = await t.db.transaction((tx) => claimJob(tx, 'worker-a', 1, ['effect']));
  assert.equal(claimedByA?.id, jobId);
  // While A's lease holds, nobody else can claim it.
  assert.equal(await t.db.transaction((tx) => claimJob(tx, 'worker-b', 1, ['effect'])), null);
  await sleep(1300);
  const b = new Worker(t.db, { handlers: { effect: recordEffect }, log, workerId: 'worker-b', leaseSeconds: 30 });
  assert.equal(await b.drain(), 1);
  const job = await getJob(t.db, jobId);
  assert.equal(job?.status, 'succeeded');
  assert.equal(job?.attempts, 2);
  // A wakes up late and tries to complete: refused, and its effects roll back with it.
  await assert.rejects(
    t.db.transaction(async (tx) => {
      await tx.query('INSERT INTO job_effects (job_id, worker) VALUES ($1, $2)', [jobId, 'worker-a']);
      await completeJob(tx, claimedByA!);
    }),
    LeaseLostError,
  );
  const effects = await t.db.query<{ worker: string }>('SELECT worker FROM job_effects WHERE job_id = $1', [jobId]);
  assert.deepEqual(
    effects.map((e) => e.worker),
    ['worker-b'],
  );
});

test('a failing job is retried with backoff and is dead after its last attempt', async () => {
  const jobId = (await t.db.transaction((tx) => enqueue(tx, 'flaky', {}, { maxAttempts: 2 })))!;
  const w = new Worker(t.db, {
    handlers: {
      flaky: async () => {
        throw new Error('boom');
      },
    },
    log,
    workerId: 'w',
  });
  assert.equal(await w.drain(), 1);
  let job = await getJob(t.db, jobId);
  assert.equal(job?.status, 'queued');
  assert.equal(job?.last_error, 'boom');
  const [{ delay }] = await t.db.query<{ delay: number }>(
    'SELECT extract(epoch FROM run_at - updated_at)::float8 AS delay FROM jobs WHERE id = $1',
    [jobId],
  );
  assert.ok(delay >= 1.5 && delay <= 2.5, `backoff ${delay}s`);
  await t.db.query('UPDATE jobs SET run_at = now() WHERE id = $1', [jobId]);
  assert.equal(await w.drain(), 1);
  job = await getJob(t.db, jobId);
  assert.equal(job?.status, 'dead');
  assert.equal(job?.attempts, 2);
});

test('a job abandoned on its last attempt is buried as dead', async () => {
  const jobId = (await t.db.transaction((tx) => enqueue(tx, 'lonely', {}, { maxAttempts: 1 })))!;
  assert.ok(await t.db.transaction((tx) => claimJob(tx, 'ghost', 1, ['lonely'])));
  await sleep(1200);
  assert.equal(await t.db.transaction((tx) => claimJob(tx, 'other', 1, ['lonely'])), null);
  assert.equal(await t.db.transaction((tx) => buryAbandoned(tx)), 1);
  assert.equal((await getJob(t.db, jobId))?.status, 'dead');
});

test('two worker loops on one database never hold the same job at once (200 jobs)', async () => {
  await t.db.transaction(async (tx) => {
    for (let i = 0; i < 200; i++) await enqueue(tx, 'count', { i });
  });
  // On PostgreSQL the second worker gets its own pool, like a second process.
  const otherDb = t.url ? openPostgres(t.url) : t.db;
  const handler: JobHandler = async (ctx) => {
    await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO job_effects (job_id, worker) VALUES ($1, $2)', [ctx.job.id, ctx.job.lockedBy]);
      await ctx.complete(tx);
    });
    await sleep(1);
  };
  const w1 = new Worker(t.db, { handlers: { count: handler }, log, workerId: 'loop-1', pollMs: 20, concurrency: 2 });
  const w2 = new Worker(otherDb, { handlers: { count: handler }, log, workerId: 'loop-2', pollMs: 20, concurrency: 2 });
  await Promise.all([w1.start(), w2.start()]);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [{ n }] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE kind = 'count' AND status = 'succeeded'",
    );
    if (n === 200 || Date.now() > deadline) break;
    await sleep(50);
  }
  await Promise.all([w1.stop(), w2.stop()]);
  if (otherDb !== t.db) await otherDb.close();
  const rows = await t.db.query<{ job_id: string; runs: number }>(
    `SELECT e.job_id, count(*)::int AS runs FROM job_effects e JOIN jobs j ON j.id = e.job_id
      WHERE j.kind = 'count' GROUP BY e.job_id`,
  );
  assert.equal(rows.length, 200);
  assert.ok(
    rows.every((r) => r.runs === 1),
    'every job ran exactly once',
  );
  const attempts = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM jobs WHERE kind = 'count' AND attempts <> 1",
  );
  assert.equal(attempts[0].n, 0);
  if (t.url) {
    const byWorker = await t.db.query<{ worker: string; n: number }>(
      `SELECT worker, count(*)::int AS n FROM job_effects e JOIN jobs j ON j.id = e.job_id WHERE j.kind = 'count' GROUP BY worker`,
    );
    assert.equal(byWorker.length, 2, 'both loops took work');
  }
});

test('a handler that runs 3× its lease runs once: the worker extends its lease while it runs (two workers polling)', async () => {
  const jobId = (await t.db.transaction((tx) => enqueue(tx, 'slow', {})))!;
  const otherDb = t.url ? openPostgres(t.url) : t.db;
  const starts: string[] = [];
  const handler: JobHandler = async (ctx) => {
    starts.push(ctx.job.lockedBy);
    await t.db.query('INSERT INTO job_effects (job_id, worker) VALUES ($1, $2)', [
      ctx.job.id,
      `${ctx.job.lockedBy}:start`,
    ]);
    await sleep(3_000);
    await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO job_effects (job_id, worker) VALUES ($1, $2)', [ctx.job.id, ctx.job.lockedBy]);
      await ctx.complete(tx);
    });
  };
  const w1 = new Worker(t.db, {
    handlers: { slow: handler },
    log,
    workerId: 'slow-1',
    pollMs: 50,
    concurrency: 2,
    leaseSeconds: 1,
  });
  const w2 = new Worker(otherDb, {
    handlers: { slow: handler },
    log,
    workerId: 'slow-2',
    pollMs: 50,
    concurrency: 2,
    leaseSeconds: 1,
  });
  await Promise.all([w1.start(), w2.start()]);
  const deadline = Date.now() + 15_000;
  while ((await getJob(t.db, jobId))?.status !== 'succeeded' && Date.now() < deadline) await sleep(50);
  // Long enough for a second claim to show, had the lease lapsed.
  await sleep(500);
  await Promise.all([w1.stop(), w2.stop()]);
  if (otherDb !== t.db) await otherDb.close();
  const job = await getJob(t.db, jobId);
  assert.equal(job?.status, 'succeeded');
  assert.equal(job?.attempts, 1, 'claimed once');
  assert.equal(starts.length, 1, `the handler started ${starts.length} times (${starts.join(', ')})`);
  const effects = await t.db.query<{ worker: string }>(
    'SELECT worker FROM job_effects WHERE job_id = $1 ORDER BY started_at',
    [jobId],
  );
  assert.equal(effects.filter((e) => !e.worker.endsWith(':start')).length, 1, 'its effect committed once');
});

test('an attempt whose lease is found lost while it runs does not complete, and its effects roll back', async () => {
  const jobId = (await t.db.transaction((tx) => enqueue(tx, 'stolen', {})))!;
  let sawAbort = false;
  const handler: JobHandler = async (ctx) => {
    // Another worker takes the job over (as after a lapsed lease): the next beat finds it gone.
    await t.db.query(
      "UPDATE jobs SET locked_by = 'thief', attempts = attempts + 1, lease_expires_at = now() + interval '60 seconds' WHERE id = $1",
      [ctx.job.id],
    );
    await new Promise<void>((resolve) => {
      const until = Date.now() + 3_000;
      const check = () => (ctx.signal?.aborted || Date.now() > until ? resolve() : setTimeout(check, 20));
      check();
    });
    sawAbort = ctx.signal?.aborted === true;
    await ctx.db.transaction(async (tx) => {
      await tx.query('INSERT INTO job_effects (job_id, worker) VALUES ($1, $2)', [ctx.job.id, ctx.job.lockedBy]);
      await ctx.complete(tx);
    });
  };
  const w = new Worker(t.db, { handlers: { stolen: handler }, log, workerId: 'victim', leaseSeconds: 1 });
  assert.equal(await w.drain(), 1);
  assert.ok(sawAbort, 'the attempt was told its lease was lost');
  const job = await getJob(t.db, jobId);
  assert.equal(job?.status, 'running', 'left to its new owner, not completed');
  const effects = await t.db.query('SELECT 1 FROM job_effects WHERE job_id = $1', [jobId]);
  assert.equal(effects.length, 0);
});

// The job registry: a payload is checked against its kind's schema when it is enqueued, and a stored
// payload that does not match (written by an older version, or by hand) fails its job for good with the
// reason, instead of reaching a handler as the wrong shape.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { COMPUTE_JOB, enqueueJob, JOB_PAYLOADS } from '../../../src/features/platform/job-queue.service.js';
import { enqueue } from '../../../src/features/platform/job-queue.repository.js';
import { getJob } from '../../helpers/jobs.js';
import { jobHandlers } from '../../../src/jobs/job-kinds.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('every registered kind has a handler, and only those', () => {
  assert.deepEqual(Object.keys(jobHandlers(t.app.services)).sort(), Object.keys(JOB_PAYLOADS).sort());
});

test("enqueueJob refuses a payload that is not its kind's; a malformed stored payload fails the job for good", async () => {
  await assert.rejects(
    t.db.transaction((tx) => enqueueJob(tx, COMPUTE_JOB, { firmId: 'frm_x' } as never)),
    /engagementId/,
  );
  const id = await t.db.transaction((tx) => enqueue(tx, COMPUTE_JOB, { firmId: 42 }));
  await t.worker.drain();
  const job = await getJob(t.db, id!);
  assert.equal(job?.status, 'dead');
  assert.match(job!.last_error ?? '', /malformed compute-valuation payload: firmId/);
});

// Webhook endpoints and deliveries as the webhook tests drive them: a service with the retry schedule scaled
// down to milliseconds, local receivers, endpoints, outbox events, and the worker run until a condition holds.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from './app.js';
import { asUser, type Session } from './principals.js';
import { startReceiver, type Receiver } from './webhook-receiver.js';
import { insertOutboxEvent } from '../../src/features/platform/outbox.repository.js';
import { scheduleOutboxDispatch } from '../../src/features/webhooks/webhook-delivery.service.js';
import { DISPATCH_OUTBOX_JOB } from '../../src/features/platform/job-queue.service.js';
import { Worker } from '../../src/jobs/worker.js';
import { jobHandlers } from '../../src/jobs/job-kinds.js';
import { createLogger } from '../../src/lib/logger.js';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The test file's service (5 s → 0.5 ms, 5 min → 30 ms: the whole retry schedule runs in a test) and its
 * receivers, started before the tests and closed after them. Each test signs up its own firm, so endpoints do
 * not see each other's events.
 */
export function webhookSuite(): { t: TestApp; receiver(): Promise<Receiver> } {
  const receivers: Receiver[] = [];
  const suite = {
    t: undefined as unknown as TestApp,
    async receiver(): Promise<Receiver> {
      const r = await startReceiver();
      receivers.push(r);
      return r;
    },
  };
  before(async () => {
    suite.t = await createTestApp({ env: { WEBHOOK_RETRY_SCALE: '0.0001', WEBHOOK_SWEEP_MS: '100' } });
  });
  after(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await suite.t.close();
  });
  return suite;
}

export async function createEndpoint(
  app: TestApp,
  admin: Session,
  url: string,
  events: string[] = ['engagement.stage_changed'],
) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/v1/settings/webhooks',
    headers: asUser(admin),
    payload: { url, events },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { id: string; secret: string; enabled: boolean };
}

/** Writes an outbox event the way the engagement lifecycle does, and (by default) wakes the dispatcher. */
export async function emit(
  app: TestApp,
  firmId: string,
  type = 'engagement.stage_changed',
  options: { wake?: boolean; sequence?: number } = {},
) {
  return app.db.transaction(async (tx) => {
    const id = await insertOutboxEvent(tx, firmId, {
      type,
      engagementId: null,
      sequence: options.sequence ?? 1,
      data: { engagement: { id: 'eng_x', status: 'DATA_READY' }, previousStatus: 'CREATED' },
    });
    if (options.wake !== false) await scheduleOutboxDispatch(tx);
    return id;
  });
}

/** Runs the worker until `done` holds (retries are scheduled a few ms ahead). */
export async function until(app: TestApp, done: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await app.worker.drain();
    if (await done()) return;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

/** Fans out the outbox without delivering anything (a worker that runs nothing but the dispatcher). */
export async function dispatchOnly(app: TestApp): Promise<void> {
  const handlers = { [DISPATCH_OUTBOX_JOB]: jobHandlers(app.app.services)[DISPATCH_OUTBOX_JOB] };
  await new Worker(app.db, { handlers, log: createLogger('silent') }).drain();
}

export async function deliveries(app: TestApp, admin: Session, endpointId: string) {
  const res = await app.app.inject({
    method: 'GET',
    url: `/api/v1/settings/webhooks/${endpointId}/deliveries`,
    headers: asUser(admin),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as {
    id: string;
    eventId: string;
    status: string;
    attempts: number;
    attemptLog: {
      attempt: number;
      outcome: string;
      responseStatus: number | null;
      durationMs: number;
      responseSnippet: string;
      error: string | null;
      startedAt: string;
    }[];
  }[];
}

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asUser, signupAdmin, type Session } from '../../helpers/principals.js';
import { startReceiver, verifyWith, type Receiver } from '../../helpers/webhook-receiver.js';
import { insertOutboxEvent } from '../../../src/db/repositories/audit.js';
import { scheduleOutboxDispatch } from '../../../src/services/webhook-delivery.js';
import { DELIVER_WEBHOOK_JOB, DISPATCH_OUTBOX_JOB } from '../../../src/services/jobs.js';
import { claimJob } from '../../../src/db/repositories/jobs.js';
import { getJob } from '../../helpers/jobs.js';
import { Worker } from '../../../src/jobs/worker.js';
import { jobHandlers } from '../../../src/jobs/handlers/index.js';
import { createLogger } from '../../../src/lib/logger.js';
import { sealWebhookSecrets, signingSecrets } from '../../../src/services/webhook-secrets.js';
import { getEndpointWithSecrets } from '../../../src/db/repositories/webhooks.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
const receivers: Receiver[] = [];

before(async () => {
  // 5 s → 0.5 ms, 5 min → 30 ms: the whole retry schedule runs in a test.
  t = await createTestApp({ env: { WEBHOOK_RETRY_SCALE: '0.0001', WEBHOOK_SWEEP_MS: '100' } });
  // Each test signs up its own firm (so endpoints do not see each other's events), each from its own address.
});
after(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  await t.close();
});

async function receiver(): Promise<Receiver> {
  const r = await startReceiver();
  receivers.push(r);
  return r;
}

async function createEndpoint(app: TestApp, admin: Session, url: string, events: string[] = ['engagement.stage_changed']) {
  const res = await app.app.inject({ method: 'POST', url: '/api/v1/settings/webhooks', headers: asUser(admin), payload: { url, events } });
  assert.equal(res.statusCode, 201, res.body);
  return res.json() as { id: string; secret: string; enabled: boolean };
}

/** Writes an outbox event the way the engagement lifecycle does, and (by default) wakes the dispatcher. */
async function emit(app: TestApp, firmId: string, type = 'engagement.stage_changed', options: { wake?: boolean; sequence?: number } = {}) {
  return app.db.transaction(async (tx) => {
    const id = await insertOutboxEvent(tx, firmId, {
      type, engagementId: null, sequence: options.sequence ?? 1, data: { engagement: { id: 'eng_x', status: 'DATA_READY' }, previousStatus: 'CREATED' },
    });
    if (options.wake !== false) await scheduleOutboxDispatch(tx);
    return id;
  });
}

/** Runs the worker until `done` holds (retries are scheduled a few ms ahead). */
async function until(app: TestApp, done: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await app.worker.drain();
    if (await done()) return;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

/** Fans out the outbox without delivering anything (a worker that runs nothing but the dispatcher). */
async function dispatchOnly(app: TestApp): Promise<void> {
  const handlers = { [DISPATCH_OUTBOX_JOB]: jobHandlers(app.app.services)[DISPATCH_OUTBOX_JOB] };
  await new Worker(app.db, { handlers, log: createLogger('silent') }).drain();
}

async function deliveries(app: TestApp, admin: Session, endpointId: string) {
  const res = await app.app.inject({ method: 'GET', url: `/api/v1/settings/webhooks/${endpointId}/deliveries`, headers: asUser(admin) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as {
    id: string; eventId: string; status: string; attempts: number;
    attemptLog: { attempt: number; outcome: string; responseStatus: number | null; durationMs: number; responseSnippet: string; error: string | null; startedAt: string }[];
  }[];
}

test('configuration: create shows the secret once; list, get, patch, delete; test ping is signed and delivered', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  const created = await createEndpoint(t, admin, rx.url(), ['engagement.completed', 'payment.captured']);
  assert.match(created.secret, /^whsec_[A-Za-z0-9+/=]+$/);
  assert.match(created.id, /^whk_/);

  const list = await t.app.inject({ method: 'GET', url: '/api/v1/settings/webhooks', headers: asUser(admin) });
  assert.equal(list.statusCode, 200);
  assert.equal(list.json().length, 1);
  assert.ok(!list.body.includes(created.secret) && !('secret' in list.json()[0]), 'list must not show the secret');
  const one = await t.app.inject({ method: 'GET', url: `/api/v1/settings/webhooks/${created.id}`, headers: asUser(admin) });
  assert.equal(one.statusCode, 200);
  assert.ok(!one.body.includes(created.secret));
  assert.deepEqual(one.json().events, ['engagement.completed', 'payment.captured']);

  const patched = await t.app.inject({
    method: 'PATCH', url: `/api/v1/settings/webhooks/${created.id}`, headers: asUser(admin),
    payload: { events: ['engagement.stage_changed'], description: 'CRM sync' },
  });
  assert.equal(patched.statusCode, 200, patched.body);
  assert.deepEqual(patched.json().events, ['engagement.stage_changed']);
  assert.equal(patched.json().description, 'CRM sync');
  const badEvent = await t.app.inject({ method: 'PATCH', url: `/api/v1/settings/webhooks/${created.id}`, headers: asUser(admin), payload: { events: ['nope'] } });
  assert.equal(badEvent.statusCode, 400);
  const unknownField = await t.app.inject({ method: 'POST', url: '/api/v1/settings/webhooks', headers: asUser(admin), payload: { url: rx.url(), events: ['payment.captured'], secret: 'x' } });
  assert.equal(unknownField.statusCode, 400);

  const ping = await t.app.inject({ method: 'POST', url: `/api/v1/settings/webhooks/${created.id}/test`, headers: asUser(admin) });
  assert.equal(ping.statusCode, 202, ping.body);
  await until(t, () => rx.received.length === 1);
  const body = JSON.parse(rx.received[0].body);
  assert.equal(body.type, 'webhook.test');
  assert.equal(rx.received[0].headers['webhook-id'], body.id);
  assert.equal(rx.received[0].headers['content-type'], 'application/json');
  verifyWith(created.secret, rx.received[0]);
  assert.ok(!t.logs.join('').includes(created.secret), 'the secret must never be logged');

  const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/settings/webhooks/${created.id}`, headers: asUser(admin) });
  assert.equal(del.statusCode, 204);
  assert.equal((await t.app.inject({ method: 'GET', url: `/api/v1/settings/webhooks/${created.id}`, headers: asUser(admin) })).statusCode, 404);
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/settings/webhooks/whk_bogus', headers: asUser(admin) })).statusCode, 404);
});

test('an outbox event reaches subscribed endpoints only, verified by the reference library, payload as stored', async () => {
  const admin = await signupAdmin(t);
  const subscribed = await receiver();
  const other = await receiver();
  const ep = await createEndpoint(t, admin, subscribed.url(), ['engagement.stage_changed']);
  await createEndpoint(t, admin, other.url(), ['payment.captured']);

  const eventId = await emit(t, admin.firmId, 'engagement.stage_changed', { sequence: 7 });
  await until(t, () => subscribed.received.length === 1);
  const [got] = subscribed.received;
  const payload = verifyWith(ep.secret, got) as Record<string, unknown>;
  const [stored] = await t.db.query<{ payload: unknown; dispatched_at: Date | null }>('SELECT payload, dispatched_at FROM outbox_events WHERE id = $1', [eventId]);
  assert.deepEqual(payload, stored.payload);
  assert.ok(stored.dispatched_at);
  assert.equal(got.headers['webhook-id'], eventId);
  assert.deepEqual(Object.keys(payload).sort(), ['createdAt', 'data', 'id', 'sequence', 'type']);
  assert.equal(payload.sequence, 7);
  assert.equal(payload.type, 'engagement.stage_changed');
  // The endpoint subscribed only to payment.captured got nothing.
  await t.worker.drain();
  assert.equal(other.received.length, 0);
  const list = await deliveries(t, admin, ep.id);
  assert.equal(list[0].status, 'DELIVERED');
  assert.equal(list[0].attemptLog[0].outcome, 'DELIVERED');
});

test('events are picked up by the periodic sweep even when nobody wakes the dispatcher', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  const ep = await createEndpoint(t, admin, rx.url());
  const eventId = await emit(t, admin.firmId, 'engagement.stage_changed', { wake: false });
  await until(t, () => rx.received.length === 1, 5000);
  assert.equal(rx.received[0].headers['webhook-id'], eventId);
  verifyWith(ep.secret, rx.received[0]);
});

test('secret rotation: for 24 h both the new and the old secret verify every delivery', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  const ep = await createEndpoint(t, admin, rx.url());
  const rot = await t.app.inject({ method: 'POST', url: `/api/v1/settings/webhooks/${ep.id}/rotate-secret`, headers: asUser(admin) });
  assert.equal(rot.statusCode, 200, rot.body);
  const newSecret = rot.json().secret as string;
  assert.match(newSecret, /^whsec_/);
  assert.notEqual(newSecret, ep.secret);
  const validUntil = Date.parse(rot.json().previousSecretValidUntil);
  assert.ok(Math.abs(validUntil - (Date.now() + 24 * 3600_000)) < 60_000);

  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 1);
  const [got] = rx.received;
  assert.equal(got.headers['webhook-signature'].split(' ').length, 2);
  verifyWith(newSecret, got);
  verifyWith(ep.secret, got);

  // Once the overlap has passed, only the new secret signs.
  await t.db.query(`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [ep.id]);
  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 2);
  assert.equal(rx.received[1].headers['webhook-signature'].split(' ').length, 1);
  verifyWith(newSecret, rx.received[1]);
  assert.throws(() => verifyWith(ep.secret, rx.received[1]));
});

/** Every column of the endpoint's row, as text: what someone reading the table (or a backup) sees. */
async function rowText(id: string): Promise<string> {
  const [row] = await t.db.query<{ t: string }>('SELECT row_to_json(w)::text AS t FROM webhook_endpoints w WHERE id = $1', [id]);
  return row.t;
}

test('signing secrets are encrypted at rest: the table holds neither the secret nor the rotated one, and deliveries still verify', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  const ep = await createEndpoint(t, admin, rx.url());
  const key = ep.secret.slice('whsec_'.length);
  let text = await rowText(ep.id);
  assert.ok(!text.includes(ep.secret) && !text.includes(key), 'the secret is not in the table');
  const rot = await t.app.inject({ method: 'POST', url: `/api/v1/settings/webhooks/${ep.id}/rotate-secret`, headers: asUser(admin) });
  assert.equal(rot.statusCode, 200, rot.body);
  const newSecret = rot.json().secret as string;
  text = await rowText(ep.id);
  for (const s of [ep.secret, key, newSecret, newSecret.slice('whsec_'.length)]) assert.ok(!text.includes(s), 'no secret, old or new, in the table');
  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 1);
  verifyWith(newSecret, rx.received[0]);
  verifyWith(ep.secret, rx.received[0]);
  // A sealed secret is bound to its endpoint: copied into another row it does not open.
  const other = await createEndpoint(t, admin, (await receiver()).url());
  await t.db.query('UPDATE webhook_endpoints SET secret_encrypted = (SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1) WHERE id = $2', [ep.id, other.id]);
  const moved = await getEndpointWithSecrets(t.db, admin.firmId, other.id);
  assert.throws(() => signingSecrets(t.config, moved!, new Date()), /cannot open/);
});

test('a secret stored in clear before encryption at rest is sealed at start-up, and deliveries still verify with it', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  const ep = await createEndpoint(t, admin, rx.url());
  // The row as it was before migration 0082: the secret in clear, nothing sealed.
  await t.db.query('UPDATE webhook_endpoints SET secret = $2, secret_encrypted = NULL WHERE id = $1', [ep.id, ep.secret]);
  assert.ok((await rowText(ep.id)).includes(ep.secret));
  // Until it is sealed a delivery still signs with it.
  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 1);
  verifyWith(ep.secret, rx.received[0]);
  assert.ok((await sealWebhookSecrets(t.db, t.config)) >= 1);
  assert.ok(!(await rowText(ep.id)).includes(ep.secret), 'sealed: no longer in clear');
  assert.equal(await sealWebhookSecrets(t.db, t.config), 0, 'nothing left to seal; safe to run at every start');
  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 2);
  verifyWith(ep.secret, rx.received[1]);
});

test('500, 500, then 200: delivered on the third attempt with the same webhook-id, every attempt logged', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  rx.script.push(500, 500);
  const ep = await createEndpoint(t, admin, rx.url());
  const eventId = await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 3);
  await t.worker.drain();
  for (const r of rx.received) {
    assert.equal(r.headers['webhook-id'], eventId);
    verifyWith(ep.secret, r);
  }
  const [d] = await deliveries(t, admin, ep.id);
  assert.equal(d.eventId, eventId);
  assert.equal(d.status, 'DELIVERED');
  assert.equal(d.attempts, 3);
  assert.deepEqual(d.attemptLog.map((a) => [a.attempt, a.outcome, a.responseStatus]), [[1, 'RETRY', 500], [2, 'RETRY', 500], [3, 'DELIVERED', 200]]);
  assert.equal(d.attemptLog[0].responseSnippet, 'answer 500');
  assert.equal(d.attemptLog[0].error, 'HTTP 500');
  assert.ok(d.attemptLog.every((a) => a.durationMs >= 0 && a.startedAt));
  // A receiver that answers 200 to the log is healthy again.
  const one = (await t.app.inject({ method: 'GET', url: `/api/v1/settings/webhooks/${ep.id}`, headers: asUser(admin) })).json();
  assert.equal(one.failingSince, null);

  // Redeliver: a new delivery, same webhook-id.
  const again = await t.app.inject({ method: 'POST', url: `/api/v1/settings/webhooks/${ep.id}/deliveries/${d.id}/redeliver`, headers: asUser(admin) });
  assert.equal(again.statusCode, 202, again.body);
  assert.equal(again.json().redeliveryOf, d.id);
  await until(t, () => rx.received.length === 4);
  assert.equal(rx.received[3].headers['webhook-id'], eventId);
  verifyWith(ep.secret, rx.received[3]);
});

test('after the last attempt the delivery is FAILED and no further attempt is made', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  rx.script.push(...Array(20).fill(503));
  const ep = await createEndpoint(t, admin, rx.url());
  await emit(t, admin.firmId);
  await dispatchOnly(t);
  // Skip ahead to the last of the 8 attempts (the schedule itself is unit-tested).
  await t.db.query(`UPDATE webhook_deliveries SET attempts = 7 WHERE endpoint_id = $1`, [ep.id]);
  await until(t, async () => (await deliveries(t, admin, ep.id))[0].status === 'FAILED');
  const [d] = await deliveries(t, admin, ep.id);
  assert.equal(d.attempts, 8);
  assert.deepEqual(d.attemptLog.map((a) => [a.attempt, a.outcome, a.responseStatus]), [[8, 'FAILED', 503]]);
  await sleep(50);
  await t.worker.drain();
  assert.equal(rx.received.length, 1);
});

test('a worker that dies between claiming and sending: after the lease the event is delivered, same webhook-id', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  const ep = await createEndpoint(t, admin, rx.url());
  const eventId = await emit(t, admin.firmId);
  await dispatchOnly(t);
  // The doomed worker claims the delivery with a 1 s lease and never comes back.
  const claimed = await t.db.transaction((tx) => claimJob(tx, 'doomed-worker', 1, [DELIVER_WEBHOOK_JOB]));
  assert.ok(claimed);
  await t.worker.drain();
  assert.equal(rx.received.length, 0, 'nobody else may take the job while the lease holds');
  await sleep(1200);
  await until(t, () => rx.received.length === 1);
  assert.equal(rx.received[0].headers['webhook-id'], eventId);
  verifyWith(ep.secret, rx.received[0]);
  const job = await getJob(t.db, claimed.id);
  assert.equal(job?.status, 'succeeded');
  assert.equal(job?.attempts, 2);
  const [d] = await deliveries(t, admin, ep.id);
  assert.equal(d.status, 'DELIVERED');
  assert.equal(d.attempts, 1);
});

test('410 Gone disables the endpoint; later events are not delivered to it', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  rx.script.push(410);
  const ep = await createEndpoint(t, admin, rx.url());
  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 1);
  await t.worker.drain();
  const one = (await t.app.inject({ method: 'GET', url: `/api/v1/settings/webhooks/${ep.id}`, headers: asUser(admin) })).json();
  assert.equal(one.enabled, false);
  assert.match(one.disabledReason, /410/);
  const [d] = await deliveries(t, admin, ep.id);
  assert.equal(d.status, 'FAILED');
  assert.equal(d.attemptLog[0].outcome, 'DISABLED');
  await emit(t, admin.firmId);
  await t.worker.drain();
  await sleep(50);
  await t.worker.drain();
  assert.equal(rx.received.length, 1);
  assert.equal((await deliveries(t, admin, ep.id)).length, 1);
  const ping = await t.app.inject({ method: 'POST', url: `/api/v1/settings/webhooks/${ep.id}/test`, headers: asUser(admin) });
  assert.equal(ping.statusCode, 409);
  // Re-enabling resumes delivery.
  const re = await t.app.inject({ method: 'PATCH', url: `/api/v1/settings/webhooks/${ep.id}`, headers: asUser(admin), payload: { enabled: true } });
  assert.equal(re.json().disabledReason, null);
  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 2);
});

test('an endpoint failing continuously for 5 days is disabled', async () => {
  const admin = await signupAdmin(t);
  const rx = await receiver();
  rx.script.push(500);
  const ep = await createEndpoint(t, admin, rx.url());
  await t.db.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`, [ep.id]);
  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 1);
  await t.worker.drain();
  const one = (await t.app.inject({ method: 'GET', url: `/api/v1/settings/webhooks/${ep.id}`, headers: asUser(admin) })).json();
  assert.equal(one.enabled, false);
  assert.match(one.disabledReason, /5 days/);
  assert.equal((await deliveries(t, admin, ep.id))[0].status, 'FAILED');
});

test('tenant isolation: another firm gets 404 on endpoint and delivery ids, and its events never reach this firm', async () => {
  const admin = await signupAdmin(t, 'Firm A');
  const intruder = await signupAdmin(t, 'Firm B');
  const rx = await receiver();
  const ep = await createEndpoint(t, admin, rx.url());
  await emit(t, admin.firmId);
  await until(t, () => rx.received.length === 1);
  const [d] = await deliveries(t, admin, ep.id);

  const base = `/api/v1/settings/webhooks/${ep.id}`;
  const attempts: [string, string, object?][] = [
    ['GET', base], ['PATCH', base, { description: 'x' }], ['DELETE', base], ['POST', `${base}/rotate-secret`], ['POST', `${base}/test`],
    ['GET', `${base}/deliveries`], ['POST', `${base}/deliveries/${d.id}/redeliver`],
  ];
  for (const [method, url, payload] of attempts) {
    const res = await t.app.inject({ method: method as 'GET', url, headers: asUser(intruder), payload });
    assert.equal(res.statusCode, 404, `${method} ${url}: ${res.statusCode}`);
  }
  // The intruder's own endpoint cannot redeliver firm A's delivery either.
  const own = await createEndpoint(t, intruder, rx.url('/b'));
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/settings/webhooks/${own.id}/deliveries/${d.id}/redeliver`, headers: asUser(intruder) });
  assert.equal(res.statusCode, 404);
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/settings/webhooks', headers: asUser(intruder) })).json().length, 1);

  // Firm B's events go to firm B's endpoint only.
  await emit(t, intruder.firmId);
  await until(t, () => rx.received.length === 2);
  await t.worker.drain();
  assert.equal(rx.received[1].path, '/b');
  verifyWith(own.secret, rx.received[1]);
  assert.equal(rx.received.filter((r) => r.path === '/hook').length, 1);
});

test('private addresses: refused at create/update unless allowed, and refused at send time when DNS changes', async () => {
  const strict = await createTestApp({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'false', WEBHOOK_RETRY_SCALE: '0.0001', WEBHOOK_SWEEP_MS: '100' } });
  try {
    const admin = await signupAdmin(strict);
    for (const url of ['http://127.0.0.1:9/hook', 'https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://[::1]/hook', 'https://169.254.169.254/latest', 'http://93.184.216.34/hook']) {
      const res = await strict.app.inject({ method: 'POST', url: '/api/v1/settings/webhooks', headers: asUser(admin), payload: { url, events: ['payment.captured'] } });
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.equal(res.json().code, 'webhook_url_not_allowed');
      // Outside production the refusal says how to allow a local receiver.
      assert.match(res.json().detail, /WEBHOOK_ALLOW_PRIVATE_URLS=true/, url);
    }
    // A host that resolves publicly when saved…
    let answer: LookupAddress[] = [{ address: '93.184.216.34', family: 4 }];
    strict.app.services.webhookLookup = async () => answer;
    const ep = await createEndpoint(strict, admin, 'https://hooks.example.com/in');
    const bad = await strict.app.inject({ method: 'PATCH', url: `/api/v1/settings/webhooks/${ep.id}`, headers: asUser(admin), payload: { url: 'https://192.168.1.10/x' } });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, 'webhook_url_not_allowed');
    // …and privately at send time is refused without connecting.
    answer = [{ address: '127.0.0.1', family: 4 }];
    await emit(strict, admin.firmId);
    await until(strict, async () => (await deliveries(strict, admin, ep.id))[0]?.attempts >= 1);
    const [d] = await deliveries(strict, admin, ep.id);
    assert.equal(d.attemptLog[0].outcome, 'REFUSED');
    assert.equal(d.attemptLog[0].responseStatus, null);
    assert.match(d.attemptLog[0].error ?? '', /loopback/);
  } finally {
    await strict.close();
  }
});

// Webhook delivery: retries with the same webhook-id, the last attempt, a worker that dies mid-send, 410 Gone
// and continuous failure disabling an endpoint, and tenant isolation.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { LookupAddress } from 'node:dns';
import { createTestApp } from '../../helpers/app.js';
import { asUser, signupAdmin, type Session } from '../../helpers/principals.js';
import { verifyWith } from '../../helpers/webhook-receiver.js';
import { DELIVER_WEBHOOK_JOB } from '../../../src/features/platform/job-queue.service.js';
import { claimJob } from '../../../src/features/platform/job-queue.repository.js';
import { getJob } from '../../helpers/jobs.js';
import {
  webhookSuite,
  sleep,
  createEndpoint,
  emit,
  until,
  dispatchOnly,
  deliveries,
} from '../../helpers/webhook-endpoints.js';

const suite = webhookSuite();

/** The endpoint as its ADMIN reads it (GET /settings/webhooks/{id}). */
const endpointOf = async (admin: Session, id: string) =>
  (await suite.t.app.inject({ method: 'GET', url: `/api/v1/settings/webhooks/${id}`, headers: asUser(admin) })).json();

/** An event emitted and attempted once, which disables the endpoint: the endpoint then. */
async function disabledByOneAttempt(admin: Session, id: string, rx: { received: unknown[] }) {
  await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 1);
  await suite.t.worker.drain();
  const one = await endpointOf(admin, id);
  assert.equal(one.enabled, false);
  return one;
}

test('500, 500, then 200: delivered on the third attempt with the same webhook-id, every attempt logged', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  rx.script.push(500, 500);
  const ep = await createEndpoint(suite.t, admin, rx.url());
  const eventId = await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 3);
  await suite.t.worker.drain();
  for (const r of rx.received) {
    assert.equal(r.headers['webhook-id'], eventId);
    verifyWith(ep.secret, r);
  }
  const [d] = await deliveries(suite.t, admin, ep.id);
  assert.equal(d.eventId, eventId);
  assert.equal(d.status, 'DELIVERED');
  assert.equal(d.attempts, 3);
  assert.deepEqual(
    d.attemptLog.map((a) => [a.attempt, a.outcome, a.responseStatus]),
    [
      [1, 'RETRY', 500],
      [2, 'RETRY', 500],
      [3, 'DELIVERED', 200],
    ],
  );
  assert.equal(d.attemptLog[0].responseSnippet, 'answer 500');
  assert.equal(d.attemptLog[0].error, 'HTTP 500');
  assert.ok(d.attemptLog.every((a) => a.durationMs >= 0 && a.startedAt));
  // A receiver that answers 200 to the log is healthy again.
  assert.equal((await endpointOf(admin, ep.id)).failingSince, null);

  // Redeliver: a new delivery, same webhook-id.
  const again = await suite.t.app.inject({
    method: 'POST',
    url: `/api/v1/settings/webhooks/${ep.id}/deliveries/${d.id}/redeliver`,
    headers: asUser(admin),
  });
  assert.equal(again.statusCode, 202, again.body);
  assert.equal(again.json().redeliveryOf, d.id);
  await until(suite.t, () => rx.received.length === 4);
  assert.equal(rx.received[3].headers['webhook-id'], eventId);
  verifyWith(ep.secret, rx.received[3]);
});

test('after the last attempt the delivery is FAILED and no further attempt is made', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  rx.script.push(...Array(20).fill(503));
  const ep = await createEndpoint(suite.t, admin, rx.url());
  await emit(suite.t, admin.firmId);
  await dispatchOnly(suite.t);
  // Skip ahead to the last of the 8 attempts (the schedule itself is unit-tested).
  await suite.t.db.query(`UPDATE webhook_deliveries SET attempts = 7 WHERE endpoint_id = $1`, [ep.id]);
  await until(suite.t, async () => (await deliveries(suite.t, admin, ep.id))[0].status === 'FAILED');
  const [d] = await deliveries(suite.t, admin, ep.id);
  assert.equal(d.attempts, 8);
  assert.deepEqual(
    d.attemptLog.map((a) => [a.attempt, a.outcome, a.responseStatus]),
    [[8, 'FAILED', 503]],
  );
  await sleep(50);
  await suite.t.worker.drain();
  assert.equal(rx.received.length, 1);
});

test('a worker that dies between claiming and sending: after the lease the event is delivered, same webhook-id', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  const ep = await createEndpoint(suite.t, admin, rx.url());
  const eventId = await emit(suite.t, admin.firmId);
  await dispatchOnly(suite.t);
  // The doomed worker claims the delivery with a 1 s lease and never comes back.
  const claimed = await suite.t.db.transaction((tx) => claimJob(tx, 'doomed-worker', 1, [DELIVER_WEBHOOK_JOB]));
  assert.ok(claimed);
  await suite.t.worker.drain();
  assert.equal(rx.received.length, 0, 'nobody else may take the job while the lease holds');
  await sleep(1200);
  await until(suite.t, () => rx.received.length === 1);
  assert.equal(rx.received[0].headers['webhook-id'], eventId);
  verifyWith(ep.secret, rx.received[0]);
  const job = await getJob(suite.t.db, claimed.id);
  assert.equal(job?.status, 'succeeded');
  assert.equal(job?.attempts, 2);
  const [d] = await deliveries(suite.t, admin, ep.id);
  assert.equal(d.status, 'DELIVERED');
  assert.equal(d.attempts, 1);
});

test('410 Gone disables the endpoint; later events are not delivered to it', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  rx.script.push(410);
  const ep = await createEndpoint(suite.t, admin, rx.url());
  assert.match((await disabledByOneAttempt(admin, ep.id, rx)).disabledReason, /410/);
  const [d] = await deliveries(suite.t, admin, ep.id);
  assert.equal(d.status, 'FAILED');
  assert.equal(d.attemptLog[0].outcome, 'DISABLED');
  await emit(suite.t, admin.firmId);
  await suite.t.worker.drain();
  await sleep(50);
  await suite.t.worker.drain();
  assert.equal(rx.received.length, 1);
  assert.equal((await deliveries(suite.t, admin, ep.id)).length, 1);
  const ping = await suite.t.app.inject({
    method: 'POST',
    url: `/api/v1/settings/webhooks/${ep.id}/test`,
    headers: asUser(admin),
  });
  assert.equal(ping.statusCode, 409);
  // Re-enabling resumes delivery.
  const re = await suite.t.app.inject({
    method: 'PATCH',
    url: `/api/v1/settings/webhooks/${ep.id}`,
    headers: asUser(admin),
    payload: { enabled: true },
  });
  assert.equal(re.json().disabledReason, null);
  await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 2);
});

test('an endpoint failing continuously for 5 days is disabled', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  rx.script.push(500);
  const ep = await createEndpoint(suite.t, admin, rx.url());
  await suite.t.db.query(
    `UPDATE webhook_endpoints SET failing_since = now() - interval '5 days 1 minute' WHERE id = $1`,
    [ep.id],
  );
  assert.match((await disabledByOneAttempt(admin, ep.id, rx)).disabledReason, /5 days/);
  assert.equal((await deliveries(suite.t, admin, ep.id))[0].status, 'FAILED');
});

test('tenant isolation: another firm gets 404 on endpoint and delivery ids, and its events never reach this firm', async () => {
  const admin = await signupAdmin(suite.t, 'Firm A');
  const intruder = await signupAdmin(suite.t, 'Firm B');
  const rx = await suite.receiver();
  const ep = await createEndpoint(suite.t, admin, rx.url());
  await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 1);
  const [d] = await deliveries(suite.t, admin, ep.id);

  const base = `/api/v1/settings/webhooks/${ep.id}`;
  const attempts: [string, string, object?][] = [
    ['GET', base],
    ['PATCH', base, { description: 'x' }],
    ['DELETE', base],
    ['POST', `${base}/rotate-secret`],
    ['POST', `${base}/test`],
    ['GET', `${base}/deliveries`],
    ['POST', `${base}/deliveries/${d.id}/redeliver`],
  ];
  for (const [method, url, payload] of attempts) {
    const res = await suite.t.app.inject({ method: method as 'GET', url, headers: asUser(intruder), payload });
    assert.equal(res.statusCode, 404, `${method} ${url}: ${res.statusCode}`);
  }
  // The intruder's own endpoint cannot redeliver firm A's delivery either.
  const own = await createEndpoint(suite.t, intruder, rx.url('/b'));
  const res = await suite.t.app.inject({
    method: 'POST',
    url: `/api/v1/settings/webhooks/${own.id}/deliveries/${d.id}/redeliver`,
    headers: asUser(intruder),
  });
  assert.equal(res.statusCode, 404);
  assert.equal(
    (await suite.t.app.inject({ method: 'GET', url: '/api/v1/settings/webhooks', headers: asUser(intruder) })).json()
      .length,
    1,
  );

  // Firm B's events go to firm B's endpoint only.
  await emit(suite.t, intruder.firmId);
  await until(suite.t, () => rx.received.length === 2);
  await suite.t.worker.drain();
  assert.equal(rx.received[1].path, '/b');
  verifyWith(own.secret, rx.received[1]);
  assert.equal(rx.received.filter((r) => r.path === '/hook').length, 1);
});

test('private addresses: refused at create/update unless allowed, and refused at send time when DNS changes', async () => {
  const strict = await createTestApp({
    env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'false', WEBHOOK_RETRY_SCALE: '0.0001', WEBHOOK_SWEEP_MS: '100' },
  });
  try {
    const admin = await signupAdmin(strict);
    for (const url of [
      'http://127.0.0.1:9/hook',
      'https://127.0.0.1/hook',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      'https://169.254.169.254/latest',
      'http://93.184.216.34/hook',
    ]) {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/v1/settings/webhooks',
        headers: asUser(admin),
        payload: { url, events: ['payment.captured'] },
      });
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.equal(res.json().code, 'webhook_url_not_allowed');
      // Outside production the refusal says how to allow a local receiver.
      assert.match(res.json().detail, /WEBHOOK_ALLOW_PRIVATE_URLS=true/, url);
    }
    // A host that resolves publicly when saved…
    let answer: LookupAddress[] = [{ address: '93.184.216.34', family: 4 }];
    strict.app.services.webhookLookup = async () => answer;
    const ep = await createEndpoint(strict, admin, 'https://hooks.example.com/in');
    const bad = await strict.app.inject({
      method: 'PATCH',
      url: `/api/v1/settings/webhooks/${ep.id}`,
      headers: asUser(admin),
      payload: { url: 'https://192.168.1.10/x' },
    });
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

// Webhook endpoints: configuration and its test ping, delivery to subscribed endpoints only, the periodic
// sweep, secret rotation, and secrets encrypted at rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { asUser, signupAdmin, type Session } from '../../helpers/principals.js';
import { verifyWith } from '../../helpers/webhook-receiver.js';
import { sealWebhookSecrets, signingSecrets } from '../../../src/features/platform/secrets.service.js';
import { getEndpointWithSecrets } from '../../../src/features/webhooks/webhooks.repository.js';
import { webhookSuite, createEndpoint, emit, until, deliveries } from '../../helpers/webhook-endpoints.js';

const suite = webhookSuite();

/** The endpoint's signing secret rotated by its ADMIN (200): the new secret and until when the old one signs too. */
async function rotated(admin: Session, id: string): Promise<{ secret: string; previousSecretValidUntil: string }> {
  const rot = await suite.t.app.inject({
    method: 'POST',
    url: `/api/v1/settings/webhooks/${id}/rotate-secret`,
    headers: asUser(admin),
  });
  assert.equal(rot.statusCode, 200, rot.body);
  return rot.json();
}

test('configuration: create shows the secret once; list, get, patch, delete; test ping is signed and delivered', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  const created = await createEndpoint(suite.t, admin, rx.url(), ['engagement.completed', 'payment.captured']);
  assert.match(created.secret, /^whsec_[A-Za-z0-9+/=]+$/);
  assert.match(created.id, /^whk_/);

  const list = await suite.t.app.inject({ method: 'GET', url: '/api/v1/settings/webhooks', headers: asUser(admin) });
  assert.equal(list.statusCode, 200);
  assert.equal(list.json().length, 1);
  assert.ok(!list.body.includes(created.secret) && !('secret' in list.json()[0]), 'list must not show the secret');
  const one = await suite.t.app.inject({
    method: 'GET',
    url: `/api/v1/settings/webhooks/${created.id}`,
    headers: asUser(admin),
  });
  assert.equal(one.statusCode, 200);
  assert.ok(!one.body.includes(created.secret));
  assert.deepEqual(one.json().events, ['engagement.completed', 'payment.captured']);

  const patched = await suite.t.app.inject({
    method: 'PATCH',
    url: `/api/v1/settings/webhooks/${created.id}`,
    headers: asUser(admin),
    payload: { events: ['engagement.stage_changed'], description: 'CRM sync' },
  });
  assert.equal(patched.statusCode, 200, patched.body);
  assert.deepEqual(patched.json().events, ['engagement.stage_changed']);
  assert.equal(patched.json().description, 'CRM sync');
  const badEvent = await suite.t.app.inject({
    method: 'PATCH',
    url: `/api/v1/settings/webhooks/${created.id}`,
    headers: asUser(admin),
    payload: { events: ['nope'] },
  });
  assert.equal(badEvent.statusCode, 400);
  const unknownField = await suite.t.app.inject({
    method: 'POST',
    url: '/api/v1/settings/webhooks',
    headers: asUser(admin),
    payload: { url: rx.url(), events: ['payment.captured'], secret: 'x' },
  });
  assert.equal(unknownField.statusCode, 400);

  const ping = await suite.t.app.inject({
    method: 'POST',
    url: `/api/v1/settings/webhooks/${created.id}/test`,
    headers: asUser(admin),
  });
  assert.equal(ping.statusCode, 202, ping.body);
  await until(suite.t, () => rx.received.length === 1);
  const body = JSON.parse(rx.received[0].body);
  assert.equal(body.type, 'webhook.test');
  assert.equal(rx.received[0].headers['webhook-id'], body.id);
  assert.equal(rx.received[0].headers['content-type'], 'application/json');
  verifyWith(created.secret, rx.received[0]);
  assert.ok(!suite.t.logs.join('').includes(created.secret), 'the secret must never be logged');

  const del = await suite.t.app.inject({
    method: 'DELETE',
    url: `/api/v1/settings/webhooks/${created.id}`,
    headers: asUser(admin),
  });
  assert.equal(del.statusCode, 204);
  assert.equal(
    (
      await suite.t.app.inject({
        method: 'GET',
        url: `/api/v1/settings/webhooks/${created.id}`,
        headers: asUser(admin),
      })
    ).statusCode,
    404,
  );
  assert.equal(
    (await suite.t.app.inject({ method: 'GET', url: '/api/v1/settings/webhooks/whk_bogus', headers: asUser(admin) }))
      .statusCode,
    404,
  );
});

test('an outbox event reaches subscribed endpoints only, verified by the reference library, payload as stored', async () => {
  const admin = await signupAdmin(suite.t);
  const subscribed = await suite.receiver();
  const other = await suite.receiver();
  const ep = await createEndpoint(suite.t, admin, subscribed.url(), ['engagement.stage_changed']);
  await createEndpoint(suite.t, admin, other.url(), ['payment.captured']);

  const eventId = await emit(suite.t, admin.firmId, 'engagement.stage_changed', { sequence: 7 });
  await until(suite.t, () => subscribed.received.length === 1);
  const [got] = subscribed.received;
  const payload = verifyWith(ep.secret, got) as Record<string, unknown>;
  const [stored] = await suite.t.db.query<{ payload: unknown; dispatched_at: Date | null }>(
    'SELECT payload, dispatched_at FROM outbox_events WHERE id = $1',
    [eventId],
  );
  assert.deepEqual(payload, stored.payload);
  assert.ok(stored.dispatched_at);
  assert.equal(got.headers['webhook-id'], eventId);
  assert.deepEqual(Object.keys(payload).sort(), ['createdAt', 'data', 'id', 'sequence', 'type']);
  assert.equal(payload.sequence, 7);
  assert.equal(payload.type, 'engagement.stage_changed');
  // The endpoint subscribed only to payment.captured got nothing.
  await suite.t.worker.drain();
  assert.equal(other.received.length, 0);
  const list = await deliveries(suite.t, admin, ep.id);
  assert.equal(list[0].status, 'DELIVERED');
  assert.equal(list[0].attemptLog[0].outcome, 'DELIVERED');
});

test('events are picked up by the periodic sweep even when nobody wakes the dispatcher', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  const ep = await createEndpoint(suite.t, admin, rx.url());
  const eventId = await emit(suite.t, admin.firmId, 'engagement.stage_changed', { wake: false });
  await until(suite.t, () => rx.received.length === 1, 5000);
  assert.equal(rx.received[0].headers['webhook-id'], eventId);
  verifyWith(ep.secret, rx.received[0]);
});

test('secret rotation: for 24 h both the new and the old secret verify every delivery', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  const ep = await createEndpoint(suite.t, admin, rx.url());
  const rot = await rotated(admin, ep.id);
  const newSecret = rot.secret;
  assert.match(newSecret, /^whsec_/);
  assert.notEqual(newSecret, ep.secret);
  const validUntil = Date.parse(rot.previousSecretValidUntil);
  assert.ok(Math.abs(validUntil - (Date.now() + 24 * 3600_000)) < 60_000);

  await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 1);
  const [got] = rx.received;
  assert.equal(got.headers['webhook-signature'].split(' ').length, 2);
  verifyWith(newSecret, got);
  verifyWith(ep.secret, got);

  // Once the overlap has passed, only the new secret signs.
  await suite.t.db.query(
    `UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`,
    [ep.id],
  );
  await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 2);
  assert.equal(rx.received[1].headers['webhook-signature'].split(' ').length, 1);
  verifyWith(newSecret, rx.received[1]);
  assert.throws(() => verifyWith(ep.secret, rx.received[1]));
});

/** Every column of the endpoint's row, as text: what someone reading the table (or a backup) sees. */

async function rowText(id: string): Promise<string> {
  const [row] = await suite.t.db.query<{ t: string }>(
    'SELECT row_to_json(w)::text AS t FROM webhook_endpoints w WHERE id = $1',
    [id],
  );
  return row.t;
}

test('signing secrets are encrypted at rest: the table holds neither the secret nor the rotated one, and deliveries still verify', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  const ep = await createEndpoint(suite.t, admin, rx.url());
  const key = ep.secret.slice('whsec_'.length);
  let text = await rowText(ep.id);
  assert.ok(!text.includes(ep.secret) && !text.includes(key), 'the secret is not in the table');
  const newSecret = (await rotated(admin, ep.id)).secret;
  text = await rowText(ep.id);
  for (const s of [ep.secret, key, newSecret, newSecret.slice('whsec_'.length)])
    assert.ok(!text.includes(s), 'no secret, old or new, in the table');
  await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 1);
  verifyWith(newSecret, rx.received[0]);
  verifyWith(ep.secret, rx.received[0]);
  // A sealed secret is bound to its endpoint: copied into another row it does not open.
  const other = await createEndpoint(suite.t, admin, (await suite.receiver()).url());
  await suite.t.db.query(
    'UPDATE webhook_endpoints SET secret_encrypted = (SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1) WHERE id = $2',
    [ep.id, other.id],
  );
  const moved = await getEndpointWithSecrets(suite.t.db, admin.firmId, other.id);
  assert.throws(() => signingSecrets(suite.t.config, moved!, new Date()), /cannot open/);
});

test('a secret stored in clear before encryption at rest is sealed at start-up, and deliveries still verify with it', async () => {
  const admin = await signupAdmin(suite.t);
  const rx = await suite.receiver();
  const ep = await createEndpoint(suite.t, admin, rx.url());
  // The row as it was before migration 0082: the secret in clear, nothing sealed.
  await suite.t.db.query('UPDATE webhook_endpoints SET secret = $2, secret_encrypted = NULL WHERE id = $1', [
    ep.id,
    ep.secret,
  ]);
  assert.ok((await rowText(ep.id)).includes(ep.secret));
  // Until it is sealed a delivery still signs with it.
  await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 1);
  verifyWith(ep.secret, rx.received[0]);
  assert.ok((await sealWebhookSecrets(suite.t.db, suite.t.config)) >= 1);
  assert.ok(!(await rowText(ep.id)).includes(ep.secret), 'sealed: no longer in clear');
  assert.equal(
    await sealWebhookSecrets(suite.t.db, suite.t.config),
    0,
    'nothing left to seal; safe to run at every start',
  );
  await emit(suite.t, admin.firmId);
  await until(suite.t, () => rx.received.length === 2);
  verifyWith(ep.secret, rx.received[1]);
});

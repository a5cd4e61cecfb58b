import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { addMember, asToken, asUser, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { engagementAtGate1 } from '../../helpers/engagements.js';
import { startReceiver, verifyWith, type Receiver } from '../../helpers/webhook-receiver.js';

let t: TestApp;
let admin: Session;
let rx: Receiver;
before(async () => {
  t = await createTestApp({ env: { WEBHOOK_RETRY_SCALE: '0.0001', WEBHOOK_SWEEP_MS: '100' } });
  admin = await signupAdmin(t);
  rx = await startReceiver();
});
after(async () => {
  await rx.close();
  await t.close();
});

test('a full engagement flow delivers exactly the expected events, in order, each verified with standardwebhooks', async () => {
  const events = ['engagement.stage_changed', 'engagement.gate_pending', 'engagement.completed', 'payment.captured'];
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/v1/settings/webhooks',
    headers: asUser(admin),
    payload: { url: rx.url('/hooks'), events },
  });
  assert.equal(hook.statusCode, 201, hook.body);
  const secret = hook.json().secret;
  const valuer = await addMember(t, admin, 'VALUER');
  const reviewer = await addMember(t, admin, 'VALUER', 'Rekha Reviewer');
  const bearer = asToken((await createToken(t, admin)).token);

  const e = await engagementAtGate1(t, bearer);
  const pay = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: bearer,
    payload: { engagementId: e.id },
  });
  assert.equal(pay.statusCode, 200, pay.body);
  const checkout = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/sandbox/pay',
    payload: { gateway_order_id: pay.json().gatewayOrderId },
  });
  assert.equal(
    (await t.app.inject({ method: 'POST', url: '/api/v1/payments/verify', headers: bearer, payload: checkout.json() }))
      .statusCode,
    200,
  );
  for (const [gate, who] of [
    ['GATE_1', asUser(valuer)],
    ['GATE_2', asUser(reviewer)],
    ['GATE_3', asUser(admin)],
  ] as const) {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${e.id}/gates/${gate}/approve`,
      headers: who,
      payload: gate === 'GATE_3' ? { place: 'Mumbai' } : {},
    });
    assert.equal(r.statusCode, 200, `${gate}: ${r.body}`);
  }
  // engagement.completed follows the issue of the FINAL: here the ADMIN issues the sealed copy as it is.
  await t.worker.drain();
  const issued = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/report/issue-sealed`,
    headers: asUser(admin),
  });
  assert.equal(issued.statusCode, 200, issued.body);
  const expected = [
    'engagement.stage_changed:DATA_INGESTING',
    'engagement.stage_changed:DATA_READY',
    'engagement.stage_changed:COMPUTING',
    'engagement.stage_changed:GATE_1',
    'engagement.gate_pending:GATE_1',
    'payment.captured:-',
    'engagement.stage_changed:GATE_2',
    'engagement.gate_pending:GATE_2',
    'engagement.stage_changed:GATE_3',
    'engagement.gate_pending:GATE_3',
    'engagement.stage_changed:COMPLETED',
    'engagement.completed:COMPLETED',
  ];
  const deadline = Date.now() + 30_000;
  while (rx.received.length < expected.length && Date.now() < deadline) {
    await t.worker.drain();
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 300));
  await t.worker.drain();
  const payloads = rx.received.map((r) => {
    verifyWith(secret, r);
    return JSON.parse(r.body) as {
      id: string;
      type: string;
      sequence?: number;
      data: { engagement?: { id: string; status: string } };
    };
  });
  // Delivery order across retries is not guaranteed; receivers order by the per-engagement sequence.
  const mine = payloads.filter((p) => p.type === 'payment.captured' || p.data.engagement?.id === e.id);
  const ordered = [...mine].sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  assert.deepEqual(
    ordered.map((p) => `${p.type}:${p.type === 'payment.captured' ? '-' : p.data.engagement!.status}`),
    expected,
  );
  assert.equal(new Set(mine.map((p) => p.id)).size, expected.length, 'each event exactly once');
  assert.deepEqual(
    ordered.map((p) => p.sequence),
    expected.map((_, i) => i + 1),
  );
});

// Payments in razorpay mode against a local Orders API server: Basic auth, the order body, errors → 502.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac } from 'node:crypto';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';
import { createEngagement } from '../../helpers/engagements.js';
import { razorpayOrder } from '../../fixtures/razorpay.js';

const KEY_ID = 'rzp_test_x';
const KEY_SECRET = 'rzp-key-secret-abcdef';
const WEBHOOK_SECRET = 'rzp-webhook-secret-123456';

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}
const seen: Seen[] = [];
let failNext: { status: number; body: unknown } | null = null;
let orderCounter = 0;
let server: Server;
let t: TestApp;
let headers: Record<string, string>;

before(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      seen.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      res.setHeader('content-type', 'application/json');
      if (req.headers.authorization !== `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } }));
      }
      if (failNext) {
        const f = failNext;
        failNext = null;
        res.statusCode = f.status;
        return res.end(JSON.stringify(f.body));
      }
      if (req.method !== 'POST' || req.url !== '/v1/orders') {
        res.statusCode = 404;
        return res.end('{}');
      }
      const id = `order_TEST${String(++orderCounter).padStart(10, '0')}`;
      res.end(JSON.stringify(razorpayOrder(id, body)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      PAYMENT_GATEWAY: 'razorpay',
      GATEWAY_KEY_ID: KEY_ID,
      GATEWAY_KEY_SECRET: KEY_SECRET,
      GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      GATEWAY_BASE_URL: `http://127.0.0.1:${port}/v1`,
      PRICE_COMPANIES_ACT_SEC_62_PAISE: '250000',
    },
  });
  const admin = await signupAdmin(t);
  headers = asToken((await createToken(t, admin)).token);
});
after(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});

test('an order is created at the gateway with Basic auth, the configured price in paise and a receipt', async () => {
  const e = await createEngagement(t, headers, { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, cin: undefined });
  const before = seen.length;
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/payments', headers, payload: { engagementId: e.id } });
  assert.equal(res.statusCode, 200, res.body);
  const p = res.json();
  assert.equal(seen.length, before + 1);
  const call = seen[seen.length - 1];
  assert.equal(call.method, 'POST');
  assert.equal(call.url, '/v1/orders');
  assert.equal(call.authorization, `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
  // The fee is GST-exclusive by default: ₹2,500.00 + ₹450.00 GST is charged.
  assert.equal(call.body.amount, 295_000);
  assert.equal(call.body.currency, 'INR');
  assert.equal(call.body.receipt, p.id);
  assert.ok(String(call.body.receipt).length <= 40);
  assert.equal((call.body.notes as Record<string, string>).engagement_id, e.id);
  assert.equal(p.gatewayOrderId, `order_TEST${String(orderCounter).padStart(10, '0')}`);
  assert.equal(p.gatewayKeyId, KEY_ID);
  assert.equal(p.amount, 295_000);
  assert.deepEqual(p.gst, { ratePercent: 18, taxablePaise: 250_000, taxPaise: 45_000 });
  assert.equal(p.currency, 'INR');

  // The open order is returned without a second gateway call.
  const again = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers,
    payload: { engagementId: e.id },
  });
  assert.equal(again.json().id, p.id);
  assert.equal(seen.length, before + 1);

  // Checkout signature: HMAC-SHA256(key secret, order_id|payment_id).
  const sig = createHmac('sha256', KEY_SECRET).update(`${p.gatewayOrderId}|pay_RZP0000000001`).digest('hex');
  const v = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/verify',
    headers,
    payload: { gateway_order_id: p.gatewayOrderId, gateway_payment_id: 'pay_RZP0000000001', gateway_signature: sig },
  });
  assert.equal(v.statusCode, 200, v.body);
  assert.equal(v.json().status, 'CAPTURED');
  // Signed with the webhook secret instead of the key secret: refused.
  const wrong = createHmac('sha256', WEBHOOK_SECRET).update(`${p.gatewayOrderId}|pay_RZP0000000002`).digest('hex');
  const w = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/verify',
    headers,
    payload: { gateway_order_id: p.gatewayOrderId, gateway_payment_id: 'pay_RZP0000000002', gateway_signature: wrong },
  });
  assert.equal(w.statusCode, 400);
});

test('a gateway error is 502 gateway_error and leaves no payment row', async () => {
  const e = await createEngagement(t, headers);
  failNext = {
    status: 400,
    body: {
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The amount must be at least INR 1.00',
        source: 'business',
        reason: 'input_validation_failed',
        field: 'amount',
      },
    },
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/payments', headers, payload: { engagementId: e.id } });
  assert.equal(res.statusCode, 502, res.body);
  assert.equal(res.json().code, 'gateway_error');
  failNext = { status: 500, body: 'not json' };
  assert.equal(
    (await t.app.inject({ method: 'POST', url: '/api/v1/payments', headers, payload: { engagementId: e.id } }))
      .statusCode,
    502,
  );
  const rows = await t.db.query('SELECT id FROM payments WHERE engagement_id = $1', [e.id]);
  assert.equal(rows.length, 0);
  // Once the gateway recovers the order goes through.
  assert.equal(
    (await t.app.inject({ method: 'POST', url: '/api/v1/payments', headers, payload: { engagementId: e.id } }))
      .statusCode,
    200,
  );
});

test('the sandbox pay route is 404 outside sandbox mode; the webhook uses the webhook secret', async () => {
  const e = await createEngagement(t, headers);
  const p = (
    await t.app.inject({ method: 'POST', url: '/api/v1/payments', headers, payload: { engagementId: e.id } })
  ).json();
  const pay = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/sandbox/pay',
    payload: { gateway_order_id: p.gatewayOrderId },
  });
  assert.equal(pay.statusCode, 404);

  const raw = JSON.stringify({
    event: 'payment.captured',
    payload: { payment: { entity: { id: 'pay_RZPHOOK000001', order_id: p.gatewayOrderId, status: 'captured' } } },
  });
  const send = (secret: string, eventId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments/gateway-webhook',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': createHmac('sha256', secret).update(raw).digest('hex'),
        'x-razorpay-event-id': eventId,
      },
    });
  assert.equal((await send(KEY_SECRET, 'evt_k')).statusCode, 400);
  const ok = await send(WEBHOOK_SECRET, 'evt_w');
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().outcome, 'captured');
  const eng = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers })).json();
  assert.equal(eng.paymentStatus, 'PAID');
});

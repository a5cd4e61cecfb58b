import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { GatewayError } from '../../../src/integrations/gateway/gateway.js';
import { RazorpayGateway } from '../../../src/integrations/gateway/razorpay.js';
import { SandboxGateway } from '../../../src/integrations/gateway/sandbox.js';
import { verifyHmacSha256Hex } from '../../../src/integrations/gateway/signature.js';
import { razorpayOrder } from '../../fixtures/razorpay.js';

const KEY_ID = 'rzp_test_abc123';
const KEY_SECRET = 'key_secret_for_tests';
const WEBHOOK_SECRET = 'webhook_secret_for_tests';

const hex = (secret: string, msg: string) => createHmac('sha256', secret).update(msg).digest('hex');

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)),
  );
}

// A minimal Orders API: enforces Basic auth and the body shape as Razorpay does.
function fakeRazorpay() {
  const seen: { auth?: string; body?: unknown; path?: string; contentType?: string }[] = [];
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    seen.push({
      auth: req.headers.authorization,
      body: JSON.parse(raw || 'null'),
      path: req.url,
      contentType: req.headers['content-type'],
    });
    const reply = (status: number, obj: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(obj));
    };
    const expectedAuth = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`;
    if (req.headers.authorization !== expectedAuth) {
      return reply(401, { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } });
    }
    if (req.method !== 'POST' || req.url !== '/v1/orders')
      return reply(404, { error: { code: 'BAD_REQUEST_ERROR', description: 'not found' } });
    const body = JSON.parse(raw) as {
      amount: number;
      currency: string;
      receipt: string;
      notes: Record<string, string>;
    };
    if (body.receipt === 'boom') return reply(500, { oops: true });
    if (body.amount < 100 || body.receipt === 'refuse-me') {
      return reply(400, {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The amount must be at least INR 1.00',
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
          field: 'amount',
        },
      });
    }
    reply(200, razorpayOrder('order_IluGWxBm9U8zJ8', body));
  });
  return { server, seen };
}

describe('RazorpayGateway.createOrder', () => {
  const { server, seen } = fakeRazorpay();
  let baseUrl = '';
  before(async () => {
    baseUrl = await listen(server);
  });
  after(() => new Promise<void>((r) => server.close(() => r())));

  it('posts the order with Basic auth and the JSON body, and maps the response', async () => {
    const gw = new RazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, baseUrl });
    const order = await gw.createOrder({
      amountPaise: 1_500_000,
      currency: 'INR',
      receipt: 'eng_01-1',
      notes: { engagement_id: 'eng_01' },
    });
    assert.deepEqual(order, {
      orderId: 'order_IluGWxBm9U8zJ8',
      amountPaise: 1_500_000,
      currency: 'INR',
      status: 'created',
    });
    const req = seen.at(-1)!;
    assert.equal(req.path, '/v1/orders');
    assert.equal(req.contentType, 'application/json');
    assert.deepEqual(req.body, {
      amount: 1_500_000,
      currency: 'INR',
      receipt: 'eng_01-1',
      notes: { engagement_id: 'eng_01' },
      unique_receipt: true,
    });
    assert.equal(gw.kind, 'razorpay');
    assert.equal(gw.keyId, KEY_ID);
  });

  it("turns Razorpay's 400 error shape into a GatewayError with code and description", async () => {
    const gw = new RazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, baseUrl });
    await assert.rejects(
      gw.createOrder({ amountPaise: 1000, currency: 'INR', receipt: 'refuse-me', notes: {} }),
      (e: unknown) =>
        e instanceof GatewayError &&
        e.gatewayStatus === 400 &&
        e.gatewayCode === 'BAD_REQUEST_ERROR' &&
        e.gatewayDescription === 'The amount must be at least INR 1.00',
    );
  });

  it('rejects wrong credentials as a GatewayError (401)', async () => {
    const gw = new RazorpayGateway({ keyId: KEY_ID, keySecret: 'wrong', baseUrl });
    await assert.rejects(
      gw.createOrder({ amountPaise: 1000, currency: 'INR', receipt: 'r1', notes: {} }),
      (e: unknown) =>
        e instanceof GatewayError && e.gatewayStatus === 401 && e.gatewayDescription === 'Authentication failed',
    );
  });

  it('a 500 without the error shape is a GatewayError', async () => {
    const gw = new RazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, baseUrl });
    await assert.rejects(
      gw.createOrder({ amountPaise: 1000, currency: 'INR', receipt: 'boom', notes: {} }),
      (e: unknown) => e instanceof GatewayError && e.gatewayStatus === 500 && e.gatewayCode === 'http_500',
    );
  });

  it('connection refused is a GatewayError with no status', async () => {
    // Bind then close a port so nothing listens on it.
    const probe = createServer();
    const url = await listen(probe);
    await new Promise<void>((r) => probe.close(() => r()));
    const gw = new RazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, baseUrl: url });
    await assert.rejects(
      gw.createOrder({ amountPaise: 1000, currency: 'INR', receipt: 'r2', notes: {} }),
      (e: unknown) =>
        e instanceof GatewayError &&
        e.gatewayStatus === null &&
        e.gatewayCode === 'network_error' &&
        /ECONNREFUSED/.test(e.gatewayDescription),
    );
  });

  it('a gateway that never answers times out as a GatewayError', async () => {
    const hang = createServer(() => {});
    const url = await listen(hang);
    try {
      const gw = new RazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, baseUrl: url, timeoutMs: 100 });
      await assert.rejects(
        gw.createOrder({ amountPaise: 1000, currency: 'INR', receipt: 'r3', notes: {} }),
        (e: unknown) => e instanceof GatewayError && e.gatewayCode === 'timeout',
      );
    } finally {
      hang.closeAllConnections();
      await new Promise<void>((r) => hang.close(() => r()));
    }
  });

  it('refuses a receipt longer than 40 characters before calling the gateway', async () => {
    const gw = new RazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, baseUrl });
    const before = seen.length;
    await assert.rejects(
      gw.createOrder({ amountPaise: 1000, currency: 'INR', receipt: 'x'.repeat(41), notes: {} }),
      RangeError,
    );
    assert.equal(seen.length, before);
  });
});

describe('payment signatures', () => {
  const gw = new RazorpayGateway({
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    baseUrl: 'http://127.0.0.1:9',
  });
  const good = hex(KEY_SECRET, 'order_A|pay_B');

  it('accepts the right signature, in either hex case', () => {
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', good), true);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', good.toUpperCase()), true);
  });

  it('refuses wrong, other-order, empty, truncated and non-hex signatures without throwing', () => {
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', hex('other secret', 'order_A|pay_B')), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', hex(KEY_SECRET, 'order_OTHER|pay_B')), false);
    assert.equal(gw.verifyPaymentSignature('order_OTHER', 'pay_B', good), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', ''), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', good.slice(0, 63)), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', good.slice(0, 32)), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', `${good}00`), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', `${good.slice(0, 63)}g`), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', 'z'.repeat(64)), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', ` ${good.slice(1)}`), false);
    assert.equal(gw.verifyPaymentSignature('order_A', 'pay_B', undefined as unknown as string), false);
  });

  it('verifies gateway webhooks over the raw body bytes with the webhook secret', () => {
    const body = Buffer.from('{"event":"payment.captured","payload":{}}');
    const sig = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
    assert.equal(gw.verifyWebhookSignature(body, sig), true);
    assert.equal(gw.verifyWebhookSignature(body.toString('utf8'), sig), true);
    assert.equal(gw.verifyWebhookSignature(Buffer.from('{"event":"payment.captured","payload":{} }'), sig), false);
    assert.equal(
      gw.verifyWebhookSignature(body, hex(KEY_SECRET, body.toString())),
      false,
      'key secret is not the webhook secret',
    );
    assert.equal(gw.verifyWebhookSignature(body, undefined), false);
    assert.equal(gw.verifyWebhookSignature(body, ''), false);
  });

  it('refuses every webhook when no webhook secret is configured', () => {
    const noSecret = new RazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, baseUrl: 'http://127.0.0.1:9' });
    const body = '{}';
    assert.equal(noSecret.verifyWebhookSignature(body, hex(KEY_SECRET, body)), false);
  });

  it('the shared helper never throws on odd input', () => {
    for (const sig of ['', 'abc', '0'.repeat(64) + ' ', null, 42, {}]) {
      assert.equal(verifyHmacSha256Hex('s', 'm', sig), false);
    }
  });
});

describe('SandboxGateway', () => {
  const gw = new SandboxGateway('sandbox-secret');

  it('creates sandbox orders', async () => {
    const a = await gw.createOrder({ amountPaise: 2_500_000, currency: 'INR', receipt: 'r', notes: {} });
    const b = await gw.createOrder({ amountPaise: 2_500_000, currency: 'INR', receipt: 'r2', notes: {} });
    assert.match(a.orderId, /^order_sbx_[0-9A-Za-z]{14}$/);
    assert.notEqual(a.orderId, b.orderId);
    assert.deepEqual(
      { ...a, orderId: '' },
      { orderId: '', amountPaise: 2_500_000, currency: 'INR', status: 'created' },
    );
    assert.equal(gw.kind, 'sandbox');
  });

  it('simulateCheckout returns what a real checkout would, and it verifies', async () => {
    const { orderId } = await gw.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'r', notes: {} });
    const co = gw.simulateCheckout(orderId);
    assert.equal(co.gateway_order_id, orderId);
    assert.match(co.gateway_payment_id, /^pay_sbx_/);
    assert.equal(co.gateway_signature, hex('sandbox-secret', `${orderId}|${co.gateway_payment_id}`));
    assert.equal(gw.verifyPaymentSignature(orderId, co.gateway_payment_id, co.gateway_signature), true);
    assert.equal(gw.verifyPaymentSignature('order_sbx_other', co.gateway_payment_id, co.gateway_signature), false);
    assert.equal(
      new SandboxGateway('another').verifyPaymentSignature(orderId, co.gateway_payment_id, co.gateway_signature),
      false,
    );
  });

  it('signWebhook produces a signature verifyWebhookSignature accepts', () => {
    const body = '{"event":"payment.captured"}';
    const sig = gw.signWebhook(body);
    assert.equal(gw.verifyWebhookSignature(Buffer.from(body), sig), true);
    assert.equal(gw.verifyWebhookSignature(`${body} `, sig), false);
    assert.equal(gw.verifyWebhookSignature(body, undefined), false);
  });
});

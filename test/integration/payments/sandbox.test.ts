// Payments against the built-in sandbox gateway (docs/decisions.md, Payments): orders, verify, gateway webhook, history.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { TestApp } from '../../helpers/app.js';
import {
  addMember,
  adminTokenApp,
  asToken,
  asUser,
  createToken,
  signupAdmin,
  type Session,
} from '../../helpers/principals.js';
import { createEngagement } from '../../helpers/engagements.js';
import { orderPayment, sandboxPay as pay, verifyPayment } from '../../helpers/payments.js';
import { pdfText } from '../../helpers/pdf.js';

const WEBHOOK_SECRET = 'sandbox-test-secret-0123456789';
const PRICE = 123_400;
const sign = (msg: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(msg).digest('hex');

let t: TestApp;
let admin: Session;
let headers: Record<string, string>;

// The sandbox signs checkouts and webhooks with GATEWAY_WEBHOOK_SECRET when it is set, so tests can sign too.
adminTokenApp((s) => ({ t, admin, bearer: headers } = s), {
  env: {
    GATEWAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PRICE_RULE_11UA_PAISE: String(PRICE),
    // The GST-inclusive mode: the configured fee is the total (test/integration/payments/gst-exclusive.test.ts has the default).
    FEE_GST_MODE: 'inclusive',
    OPERATOR_LEGAL_NAME: 'Valuation Cloud Services Private Limited',
    OPERATOR_ADDRESS: '4th Floor, Baner Road, Pune 411045',
    OPERATOR_GSTIN: '27AABCV1234F1ZO',
  },
});

// The file's admin's token unless another's headers are given.
const order = (engagementId: string, h = headers) => orderPayment(t, h, engagementId);
const verify = (body: Record<string, string>, h = headers) => verifyPayment(t, h, body);
const sandboxPay = (gatewayOrderId: string) => pay(t, gatewayOrderId);
async function gatewayWebhook(body: object, eventId: string, secret = WEBHOOK_SECRET) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/gateway-webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': sign(raw, secret),
      'x-razorpay-event-id': eventId,
    },
  });
}
const capturedEvent = (orderId: string, paymentId: string) => ({
  entity: 'event',
  event: 'payment.captured',
  contains: ['payment'],
  payload: {
    payment: {
      entity: {
        id: paymentId,
        entity: 'payment',
        amount: PRICE,
        currency: 'INR',
        status: 'captured',
        order_id: orderId,
        captured: true,
      },
    },
  },
  created_at: 1691735748,
});
async function count(sql: string, params: unknown[]) {
  return Number((await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0].n);
}
async function engagementPaymentStatus(id: string) {
  return (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers })).json()
    .paymentStatus as string;
}

test('an order carries the configured price in paise, INR, and is returned again rather than duplicated', async () => {
  const e = await createEngagement(t, headers);
  const res = await order(e.id);
  assert.equal(res.statusCode, 200, res.body);
  const p = res.json();
  assert.match(p.id, /^pay_/);
  assert.equal(p.engagementId, e.id);
  assert.equal(p.amount, PRICE);
  assert.ok(Number.isInteger(p.amount));
  // ₹1,234.00 includes 18 % GST: 1,045.76 taxable (123400 × 100 / 118, half-up) and 188.24 tax.
  assert.deepEqual(p.gst, { ratePercent: 18, taxablePaise: 104_576, taxPaise: 18_824 });
  assert.equal(p.currency, 'INR');
  assert.equal(p.status, 'CREATED');
  assert.equal(p.gatewayKeyId, 'rzp_sandbox');
  assert.match(p.gatewayOrderId, /^order_sbx_/);
  const again = await order(e.id, asUser(admin));
  assert.equal(again.statusCode, 200);
  assert.equal(again.json().id, p.id);
  assert.equal(again.json().gatewayOrderId, p.gatewayOrderId);

  const list = await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers });
  assert.equal(list.statusCode, 200);
  const mine = list.json().find((x: { id: string }) => x.id === p.id);
  assert.equal(mine.status, 'CREATED');
  assert.equal(mine.amount, PRICE);
});

test('sandbox pay → verify marks the engagement PAID; repeats are stable; a paid engagement is 409', async () => {
  const e = await createEngagement(t, headers);
  const p = (await order(e.id)).json();
  const checkout = await sandboxPay(p.gatewayOrderId);
  assert.equal(checkout.statusCode, 200, checkout.body);
  const c = checkout.json();
  assert.equal(c.gateway_order_id, p.gatewayOrderId);
  assert.match(c.gateway_payment_id, /^pay_sbx_/);
  assert.equal(c.gateway_signature, sign(`${p.gatewayOrderId}|${c.gateway_payment_id}`));

  const v = await verify(c);
  assert.equal(v.statusCode, 200, v.body);
  assert.equal(v.json().status, 'CAPTURED');
  assert.equal(v.json().gatewayPaymentId, c.gateway_payment_id);
  assert.equal(await engagementPaymentStatus(e.id), 'PAID');

  const again = await verify(c);
  assert.equal(again.statusCode, 200);
  assert.deepEqual(again.json(), v.json());

  // A different (validly signed) payment for the captured order.
  const other = await sandboxPay(p.gatewayOrderId);
  const conflict = await verify(other.json());
  assert.equal(conflict.statusCode, 409, conflict.body);

  const paid = await order(e.id);
  assert.equal(paid.statusCode, 409);
  assert.equal(paid.json().code, 'already_paid');

  assert.equal(await count(`outbox_events WHERE engagement_id = $1 AND type = 'payment.captured'`, [e.id]), 1);
  const list = (await t.app.inject({ method: 'GET', url: '/api/v1/payments?limit=200', headers })).json();
  assert.equal(list.find((x: { id: string }) => x.id === p.id).status, 'CAPTURED');
  // Newest first.
  const ids = list.map((x: { id: string }) => x.id);
  assert.deepEqual(ids, [...ids].sort().reverse());
});

test('invalid signatures are 400 invalid_signature and write nothing; unknown orders are 404', async () => {
  const e = await createEngagement(t, headers);
  const p = (await order(e.id)).json();
  const other = (await order((await createEngagement(t, headers)).id)).json();
  const paymentId = 'pay_sbx_ABCDEFGHIJKLMN';
  const good = sign(`${p.gatewayOrderId}|${paymentId}`);
  const before = {
    audit: await count('audit_events WHERE engagement_id = $1', [e.id]),
    outbox: await count('outbox_events WHERE engagement_id = $1', [e.id]),
  };
  const bad = [
    sign(`${p.gatewayOrderId}|${paymentId}`, 'wrong-secret'),
    sign(`${other.gatewayOrderId}|${paymentId}`), // another order's signature
    '',
    good.slice(0, 63),
    good.slice(0, 32),
    `${good.slice(0, 63)}z`,
    'g'.repeat(64),
  ];
  for (const sig of bad) {
    const res = await verify({
      gateway_order_id: p.gatewayOrderId,
      gateway_payment_id: paymentId,
      gateway_signature: sig,
    });
    assert.equal(res.statusCode, 400, `${sig}: ${res.body}`);
    assert.equal(res.json().code, 'invalid_signature');
  }
  // The other order's id with this order's signature does not pass either.
  const swapped = await verify({
    gateway_order_id: other.gatewayOrderId,
    gateway_payment_id: paymentId,
    gateway_signature: good,
  });
  assert.equal(swapped.statusCode, 400);
  assert.equal(await count('audit_events WHERE engagement_id = $1', [e.id]), before.audit);
  assert.equal(await count('outbox_events WHERE engagement_id = $1', [e.id]), before.outbox);
  assert.equal(
    await count(`payments WHERE engagement_id = $1 AND status = 'CREATED' AND gateway_payment_id IS NULL`, [e.id]),
    1,
  );
  assert.equal(await engagementPaymentStatus(e.id), 'UNPAID');

  const unknown = await verify({
    gateway_order_id: 'order_sbx_nope',
    gateway_payment_id: paymentId,
    gateway_signature: good,
  });
  assert.equal(unknown.statusCode, 404);
  assert.equal((await sandboxPay('order_sbx_nope')).statusCode, 404);
});

test("access: VIEWER is 403; another firm's or an unknown engagement and order are 404", async () => {
  const e = await createEngagement(t, headers);
  const viewer = await addMember(t, admin, 'VIEWER');
  assert.equal((await order(e.id, asUser(viewer))).statusCode, 403);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers: asUser(viewer) })).statusCode,
    200,
  );
  assert.equal((await order('eng_01ARZ3NDEKTSV4RRFFQ69G5FAV')).statusCode, 404);

  const p = (await order(e.id)).json();
  const rival = await signupAdmin(t, 'Rival Valuers LLP');
  assert.equal((await order(e.id, asUser(rival))).statusCode, 404);
  const c = (await sandboxPay(p.gatewayOrderId)).json();
  assert.equal((await verify(c, asUser(rival))).statusCode, 404);
  const rivalList = (await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers: asUser(rival) })).json();
  assert.equal(rivalList.length, 0);
});

test('20 concurrent POST /payments create one order row', async () => {
  const e = await createEngagement(t, headers);
  const results = await Promise.all(Array.from({ length: 20 }, () => order(e.id)));
  for (const r of results) assert.equal(r.statusCode, 200, r.body);
  assert.equal(new Set(results.map((r) => r.json().id)).size, 1);
  assert.equal(await count('payments WHERE engagement_id = $1', [e.id]), 1);
});

test('20 concurrent verifies and a gateway webhook capture once and emit one payment.captured', async () => {
  const e = await createEngagement(t, headers);
  const p = (await order(e.id)).json();
  const c = (await sandboxPay(p.gatewayOrderId)).json();
  const [hook, ...verifies] = await Promise.all([
    gatewayWebhook(capturedEvent(p.gatewayOrderId, c.gateway_payment_id), 'evt_race_1'),
    ...Array.from({ length: 20 }, () => verify(c)),
  ]);
  assert.equal(hook.statusCode, 200, hook.body);
  for (const v of verifies) {
    assert.equal(v.statusCode, 200, v.body);
    assert.equal(v.json().status, 'CAPTURED');
    assert.equal(v.json().gatewayPaymentId, c.gateway_payment_id);
  }
  assert.equal(new Set(verifies.map((v) => v.json().capturedAt)).size, 1);
  assert.equal(await count(`outbox_events WHERE engagement_id = $1 AND type = 'payment.captured'`, [e.id]), 1);
  assert.equal(await count(`audit_events WHERE engagement_id = $1 AND action = 'payment.captured'`, [e.id]), 1);
  assert.equal(await engagementPaymentStatus(e.id), 'PAID');

  // Redelivery of the same event is de-duplicated; a later event for the same payment changes nothing.
  const dup = await gatewayWebhook(capturedEvent(p.gatewayOrderId, c.gateway_payment_id), 'evt_race_1');
  assert.equal(dup.json().outcome, 'duplicate_event');
  const later = await gatewayWebhook(capturedEvent(p.gatewayOrderId, c.gateway_payment_id), 'evt_race_2');
  assert.equal(later.json().outcome, 'already_captured');
  assert.equal(await count(`outbox_events WHERE engagement_id = $1 AND type = 'payment.captured'`, [e.id]), 1);
});

test('the gateway webhook captures payments the client never verified, and checks its signature', async () => {
  const e = await createEngagement(t, headers);
  const p = (await order(e.id)).json();
  const badSig = await gatewayWebhook(capturedEvent(p.gatewayOrderId, 'pay_hook_1'), 'evt_bad', 'wrong-secret');
  assert.equal(badSig.statusCode, 400);
  assert.equal(badSig.json().code, 'invalid_signature');
  // A body that differs from the signed bytes (whitespace only) is refused too.
  const raw = JSON.stringify(capturedEvent(p.gatewayOrderId, 'pay_hook_1'));
  const tampered = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments/gateway-webhook',
    payload: ` ${raw}`,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': sign(raw), 'x-razorpay-event-id': 'evt_t' },
  });
  assert.equal(tampered.statusCode, 400);
  assert.equal(await engagementPaymentStatus(e.id), 'UNPAID');

  const other = await gatewayWebhook({ event: 'payment.failed', payload: {} }, 'evt_other');
  assert.equal(other.statusCode, 200);
  assert.equal(other.json().outcome, 'ignored');

  const paid = await gatewayWebhook(
    {
      event: 'order.paid',
      payload: {
        order: { entity: { id: p.gatewayOrderId, status: 'paid' } },
        payment: { entity: { id: 'pay_hook_1', order_id: p.gatewayOrderId, status: 'captured' } },
      },
    },
    'evt_paid',
  );
  assert.equal(paid.statusCode, 200, paid.body);
  assert.equal(paid.json().outcome, 'captured');
  assert.equal(await engagementPaymentStatus(e.id), 'PAID');
  // A later verify of a different payment for that order does not move it.
  const c = (await sandboxPay(p.gatewayOrderId)).json();
  assert.equal((await verify(c)).statusCode, 409);
  const list = (await t.app.inject({ method: 'GET', url: '/api/v1/payments?limit=200', headers })).json();
  assert.equal(list.find((x: { id: string }) => x.id === p.id).gatewayPaymentId, 'pay_hook_1');
});

test('a captured payment has a tax invoice: both GSTINs, its number, the tax split by place of supply and the total in words', async () => {
  const firm = (gstin: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/v1/settings/firm',
      headers: asUser(admin),
      payload: { legalName: 'Kulkarni & Desai Valuers LLP', address: 'Shivajinagar, Pune 411005', gstin },
    });
  const pay = async () => {
    const e = await createEngagement(t, headers);
    const p = (await order(e.id)).json();
    const invoice = () => t.app.inject({ method: 'GET', url: `/api/v1/payments/${p.id}/invoice.pdf`, headers });
    assert.equal((await invoice()).statusCode, 404, 'no invoice before the payment is captured');
    assert.equal((await verify((await sandboxPay(p.gatewayOrderId)).json())).statusCode, 200);
    const res = await invoice();
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['content-type'], 'application/pdf');
    return { id: p.id, text: pdfText(res.rawPayload) };
  };
  // Same state as the operator (27, Maharashtra): CGST + SGST. ₹1,234.00 paid = 1,045.76 taxable + 188.24 GST.
  assert.equal((await firm('27AAAPL1234C1ZE')).statusCode, 200);
  const intra = await pay();
  for (const expected of [
    'Tax invoice',
    'Valuation Cloud Services Private Limited',
    '27AABCV1234F1ZO',
    'Kulkarni & Desai Valuers LLP',
    '27AAAPL1234C1ZE',
    '998399',
    '₹1,045.76',
    'CGST at 9% ₹94.12',
    'SGST at 9% ₹94.12',
    '₹1,234.00',
    'Total in words: Rupees one thousand two hundred thirty-four only',
  ]) {
    assert.ok(intra.text.includes(expected), `the invoice shows ${expected}: ${intra.text.slice(300, 1200)}`);
  }
  const number = /VS\/(\d{4}-\d{2})\/(\d{6})/.exec(intra.text);
  assert.ok(number, "an invoice number in the financial year's series");
  // Another state (29, Karnataka): IGST; the next number of the same series.
  assert.equal((await firm('29AAAPL1234C1ZA')).statusCode, 200);
  const inter = await pay();
  assert.ok(inter.text.includes('IGST at 18%') && inter.text.includes('₹188.24'), inter.text.slice(300, 1200));
  assert.ok(!inter.text.includes('CGST'));
  assert.ok(
    inter.text.includes(`VS/${number![1]}/${String(Number(number![2]) + 1).padStart(6, '0')}`),
    'numbered next, without a gap',
  );
  // Another firm never sees it.
  const other = asToken((await createToken(t, await signupAdmin(t))).token);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/payments/${inter.id}/invoice.pdf`, headers: other })).statusCode,
    404,
  );
});

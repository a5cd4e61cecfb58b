// The fee configured GST-exclusive, the default (docs/decisions.md, Tax invoices): ₹20,000 is charged as
// ₹20,000 + ₹3,600 GST, the amount charged is the invoice total to the paisa, the place of supply names its
// state, and a firm GSTIN whose check character does not match is refused naming the field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp, asUser, type Session } from '../../helpers/principals.js';
import { createEngagement } from '../../helpers/engagements.js';
import { orderPayment, sandboxPay, verifyPayment } from '../../helpers/payments.js';
import { assertShows, pdfText } from '../../helpers/pdf.js';

let t: TestApp;
let admin: Session;
let headers: Record<string, string>;
adminTokenApp((s) => ({ t, admin, bearer: headers } = s), {
  env: {
    PRICE_RULE_11UA_PAISE: '2000000',
    OPERATOR_LEGAL_NAME: 'Valuation Cloud Services Private Limited',
    OPERATOR_GSTIN: '33AAACT1234A1Z8',
  },
});

/** What the invoice for ₹20,000 GST-exclusive, supplied in Tamil Nadu, says. */
const INVOICE_SHOWS = [
  'Tamil Nadu (33)',
  'Fee ₹20,000.00 + ₹3,600.00 GST = ₹23,600.00',
  'CGST at 9% ₹1,800.00',
  'SGST at 9% ₹1,800.00',
  'Total in words: Rupees twenty-three thousand six hundred only',
];

const firm = (gstin: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/firm',
    headers: asUser(admin),
    payload: { legalName: 'Iyer & Natarajan Valuers LLP', address: 'T. Nagar, Chennai 600017', gstin },
  });

test('a GSTIN whose check character does not match is refused with a sentence naming the field', async () => {
  const res = await firm('33AAACT1234A1Z5');
  assert.equal(res.statusCode, 400, res.body);
  assert.match(String(res.headers['content-type']), /application\/problem\+json/);
  const [error] = res.json().errors;
  assert.equal(error.path, '/gstin');
  assert.match(error.message, /does not pass its check/);
  assert.equal((await firm('33AAACT1234A1Z8')).statusCode, 200);
});

test('₹20,000 GST-exclusive is charged as ₹23,600 and invoiced as ₹20,000 + ₹3,600 GST, in Tamil Nadu (33)', async () => {
  assert.equal((await firm('33AAACT1234A1Z8')).statusCode, 200);
  const e = await createEngagement(t, headers);
  const order = await orderPayment(t, headers, e.id);
  assert.equal(order.statusCode, 200, order.body);
  const p = order.json();
  assert.equal(p.amount, 2_360_000);
  assert.deepEqual(p.gst, { ratePercent: 18, taxablePaise: 2_000_000, taxPaise: 360_000 });
  const checkout = await sandboxPay(t, p.gatewayOrderId);
  const verified = await verifyPayment(t, headers, checkout.json());
  assert.equal(verified.statusCode, 200, verified.body);
  const [invoice] = await t.db.query<{ total_paise: string; taxable_paise: string; cgst_paise: string }>(
    'SELECT total_paise, taxable_paise, cgst_paise FROM invoices WHERE payment_id = $1',
    [p.id],
  );
  assert.equal(Number(invoice!.total_paise), p.amount, 'the amount charged is the invoice total, to the paisa');
  assert.equal(Number(invoice!.taxable_paise), 2_000_000);
  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/payments/${p.id}/invoice.pdf`, headers });
  assert.equal(pdf.statusCode, 200);
  assertShows(pdfText(pdf.rawPayload), 'the invoice', INVOICE_SHOWS);
});

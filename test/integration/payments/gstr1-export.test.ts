// A period's tax invoices as CSV in GSTR-1 B2B column order (docs/decisions.md, Tax invoices): each row is its
// invoice to the paisa, the rows foot, the list shows the same figures, a bad date is refused naming the field,
// and another firm's invoices never appear.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from 'csv-parse/sync';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp, asUser, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement } from '../../helpers/engagements.js';
import { orderPayment, sandboxPay, verifyPayment } from '../../helpers/payments.js';
import { gstinCheckCharacter } from '../../../src/contract/gst.js';
import { todayInIndia } from '../../../src/contract/today.js';
import { GSTR1_B2B_COLUMNS } from '../../../src/domain/payments/gstr1-export.js';

let t: TestApp;
let admin: Session;
let headers: Record<string, string>;
adminTokenApp((s) => ({ t, admin, bearer: headers } = s), {
  env: { PRICE_11UA_PAISE: '1234567', OPERATOR_GSTIN: '33AAACT1234A1Z8' },
});

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const setGstin = async (s: Session, value: string) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/firm',
    headers: asUser(s),
    payload: { legalName: 'Iyer, Natarajan & "Co" LLP', address: 'T. Nagar, Chennai 600017', gstin: value },
  });
  assert.equal(res.statusCode, 200, res.body);
};

/** An engagement of the firm paid through the sandbox: its payment id. */
async function pay(h: Record<string, string>): Promise<string> {
  const e = await createEngagement(t, h);
  const order = await orderPayment(t, h, e.id);
  assert.equal(order.statusCode, 200, order.body);
  const verified = await verifyPayment(t, h, (await sandboxPay(t, order.json().gatewayOrderId)).json());
  assert.equal(verified.statusCode, 200, verified.body);
  return order.json().id;
}

const exportCsv = (h: Record<string, string>, query: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/payments/export.csv?${query}`, headers: h });

interface Invoice {
  payment_id: string;
  number: string;
  taxable_paise: string;
  cgst_paise: string;
  sgst_paise: string;
  igst_paise: string;
  total_paise: string;
}

/** Rupees with two decimals ("14567.89") as integer paise, read without floating point. */
const paise = (rupeesText: string) => {
  assert.match(rupeesText, /^\d+\.\d{2}$/);
  return Number(rupeesText.replace('.', ''));
};

test("the period's CSV is each invoice to the paisa, in GSTR-1 B2B order, and only the firm's own", async () => {
  const today = todayInIndia();
  const tamilNadu = gstin('33AAAFI1234B1Z');
  const maharashtra = gstin('27AAAFI1234B1Z');
  await setGstin(admin, tamilNadu);
  const ids = [await pay(headers), await pay(headers)];
  await setGstin(admin, maharashtra);
  ids.push(await pay(headers));
  const other = await signupAdmin(t, 'Other Valuers LLP');
  const otherId = await pay(asUser(other));

  const invoices = await t.db.query<Invoice>(
    'SELECT * FROM invoices WHERE payment_id = ANY($1) ORDER BY issued_at, number',
    [ids],
  );
  assert.equal(invoices.length, 3);
  const [otherInvoice] = await t.db.query<Invoice>('SELECT * FROM invoices WHERE payment_id = $1', [otherId]);

  const res = await exportCsv(headers, `from=${today}&to=${today}`);
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/csv/);
  const [header, ...rows] = parse(res.body) as string[][];
  assert.deepEqual(header, [...GSTR1_B2B_COLUMNS]);
  assert.equal(rows.length, 3, 'three invoices of the firm, none of the other firm');
  assert.ok(!res.body.includes(otherInvoice!.number), "another firm's invoice never appears");
  rows.forEach((row, k) => {
    const i = invoices[k]!;
    const [recipient, name, number, , value, place, reverse, type, rate, taxable, igst, cgst, sgst, cess] = row;
    assert.equal(recipient, k < 2 ? tamilNadu : maharashtra);
    assert.equal(name, 'Iyer, Natarajan & "Co" LLP');
    assert.equal(number, i.number);
    assert.equal(place, k < 2 ? '33-Tamil Nadu' : '27-Maharashtra');
    assert.deepEqual([reverse, type, rate, cess], ['N', 'Regular B2B', '18', '0.00']);
    assert.deepEqual(
      [value, taxable, igst, cgst, sgst].map((v) => paise(v!)),
      [i.total_paise, i.taxable_paise, i.igst_paise, i.cgst_paise, i.sgst_paise].map(Number),
    );
    assert.equal(paise(taxable!) + paise(igst!) + paise(cgst!) + paise(sgst!), paise(value!), 'the row foots');
    if (k < 2) assert.equal(paise(igst!), 0);
    else assert.equal(paise(cgst!) + paise(sgst!), 0);
  });
  const total = (col: number) => rows.reduce((sum, r) => sum + paise(r[col]!), 0);
  assert.equal(total(4), total(9) + total(10) + total(11) + total(12), 'the totals foot');
  assert.equal(
    total(4),
    invoices.reduce((sum, i) => sum + Number(i.total_paise), 0),
  );

  const list = await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers });
  assert.equal(list.statusCode, 200, list.body);
  for (const i of invoices) {
    const listed = list.json().find((p: { id: string }) => p.id === i.payment_id);
    assert.deepEqual(listed.invoice, {
      number: i.number,
      taxablePaise: Number(i.taxable_paise),
      cgstPaise: Number(i.cgst_paise),
      sgstPaise: Number(i.sgst_paise),
      igstPaise: Number(i.igst_paise),
      totalPaise: Number(i.total_paise),
    });
  }

  const theirs = parse((await exportCsv(asUser(other), `from=${today}&to=${today}`)).body) as string[][];
  assert.deepEqual(
    theirs.slice(1).map((r) => r[2]),
    [otherInvoice!.number],
  );
  const before = parse((await exportCsv(headers, 'from=2000-01-01&to=2000-01-31')).body) as string[][];
  assert.equal(before.length, 1, 'a period without invoices is the header alone');
});

test('a date that is not YYYY-MM-DD, or a period that ends before it starts, is refused naming the field', async () => {
  for (const [query, field] of [
    ['from=2026-13-01&to=2026-12-31', '/querystring/from'],
    ['from=2026-04-01&to=31-03-2027', '/querystring/to'],
    ['from=2026-04-01', '/querystring/to'],
    ['from=2026-04-02&to=2026-04-01', '/querystring/to'],
  ] as const) {
    const res = await exportCsv(headers, query);
    assert.equal(res.statusCode, 400, `${query}: ${res.body}`);
    assert.ok(
      res.json().errors.some((e: { path: string }) => e.path === field),
      `${query} names ${field}: ${res.body}`,
    );
  }
});

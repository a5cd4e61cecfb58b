// Service tier: the payment use cases called directly (no HTTP), over a real database. An order is created only
// when someone in the firm can sign the report (checked before any money moves), and two orders created at once
// for one engagement end as one open order, whichever request wins.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { addMember, asUser, signupAdmin } from '../helpers/principals.js';
import { person, refusal } from '../helpers/service.js';
import { engagementAtGate1 } from '../helpers/engagements.js';
import { createPayment, listPayments } from '../../src/features/payments/payments.service.js';
import type { Principal } from '../../src/domain/identity/roles.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const paymentsOf = async (p: Principal, engagementId: string) =>
  (await listPayments(t.app.services, p, 100)).filter((x) => x.engagementId === engagementId);

test('the signatory pre-check: no order while nobody in the firm can sign, none stored; an order once someone can', async () => {
  const admin = await signupAdmin(t, 'Unsigned Valuers LLP', { qualified: false });
  const valuer = await addMember(t, admin, 'VALUER', 'Vani Valuer');
  const asAdmin = person(admin, 'ADMIN', 'Asha Admin');
  const e = await engagementAtGate1(t, asUser(valuer));

  const refused = await refusal(createPayment(t.app.services, asAdmin, e.id));
  assert.equal(refused.code, 'no_qualified_signatory');
  assert.match(refused.message, /no member of the firm holds that registration yet/);
  assert.deepEqual(await paymentsOf(asAdmin, e.id), [], 'no order stored, no gateway order made');

  // The admin adds a registration that qualifies them to sign a Rule 11UA report.
  const me = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    headers: asUser(admin),
    payload: { designation: 'Partner', registrations: [{ type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' }] },
  });
  assert.equal(me.statusCode, 200, me.body);
  const order = await createPayment(t.app.services, asAdmin, e.id);
  assert.equal(order.engagementId, e.id);
  assert.equal(order.status, 'CREATED');
  assert.deepEqual(
    (await paymentsOf(asAdmin, e.id)).map((p) => p.id),
    [order.id],
  );
});

test('two orders created at once for one engagement: both answer the same open order, and only one is stored', async () => {
  const admin = await signupAdmin(t, 'Racing Valuers LLP');
  const valuer = await addMember(t, admin, 'VALUER', 'Vani Valuer');
  const asAdmin = person(admin, 'ADMIN', 'Asha Admin');
  const asValuer = person(valuer, 'VALUER', 'Vani Valuer');
  const e = await engagementAtGate1(t, asUser(valuer));

  const [a, b] = await Promise.all([
    createPayment(t.app.services, asAdmin, e.id),
    createPayment(t.app.services, asValuer, e.id),
  ]);
  assert.equal(a.id, b.id, 'the request that lost the race answers with the winner');
  assert.equal(a.gatewayOrderId, b.gatewayOrderId);
  const stored = await paymentsOf(asAdmin, e.id);
  assert.equal(stored.length, 1);
  assert.equal(stored[0].id, a.id);

  // A later order for the same engagement is the open one again, not a second.
  assert.equal((await createPayment(t.app.services, asAdmin, e.id)).id, a.id);
  assert.equal((await paymentsOf(asAdmin, e.id)).length, 1);
});

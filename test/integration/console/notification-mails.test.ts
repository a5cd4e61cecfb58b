// E-mail notifications (docs/decisions.md, E-mail notifications), received by a real SMTP server started
// here: one engagement's life (assigned, returned for revision, Gate 2, Gate 3, paid, signed off) sends each
// kind of e-mail once to the right people, in people's words with a link to the engagement, a ₹ subject
// arrives intact, a kind switched off sends nothing, and a job run again for a sent e-mail sends nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { startSmtpServer, type Inbox } from '../../helpers/smtp.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { acceptInvite, accepted, asUser, invite, signupAdmin, uniqueEmail } from '../../helpers/principals.js';
import type { Session } from '../../helpers/principals.js';
import { createEngagement, lock, uploadFixture } from '../../helpers/engagements.js';
import { orderPayment, sandboxPay, verifyPayment } from '../../helpers/payments.js';
import { enqueue } from '../../../src/features/platform/job-queue.repository.js';

const BASE = 'https://valuer.example.in';
let t: TestApp;
let smtp: Inbox;
let received: ParsedMail[];

before(async () => {
  smtp = await startSmtpServer();
  received = smtp.received;
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, PUBLIC_BASE_URL: BASE, PRICE_RULE_11UA_PAISE: '2000000' },
  });
});
after(async () => {
  await t.close();
  await smtp.close();
});

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to[0] : m.to)!.value[0]!.address!.toLowerCase();

async function waitFor<T>(what: string, f: () => T | undefined): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const v = f();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A member invited through the API, accepting the invitation the SMTP server received. */
async function member(admin: Session, role: 'VALUER' | 'ADMIN', name: string): Promise<Session> {
  const email = uniqueEmail(role.toLowerCase());
  const inv = await invite(t, asUser(admin), { email, name, role });
  assert.equal(inv.statusCode, 201, inv.body);
  const mail = await waitFor('the invitation', () => received.find((m) => to(m) === email));
  const token = decodeURIComponent(/accept-invite\?token=([^\s"<&]+)/.exec(mail.text ?? '')![1]!);
  const acc = await acceptInvite(t, token);
  assert.equal(acc.statusCode, 200, acc.body);
  return accepted(acc, admin, email);
}

test("one engagement's life sends each e-mail once to the right people; a kind switched off sends nothing; a rerun sends nothing again", async () => {
  const admin = await signupAdmin(t, 'Mail Valuers LLP');
  const creator = await member(admin, 'VALUER', 'Chitra Creator');
  const assignee = await member(admin, 'VALUER', 'Ānand Assignee');
  const reviewer = await member(admin, 'VALUER', 'Rekha Reviewer');
  const quiet = await member(admin, 'VALUER', 'Qasim Quiet');
  // Qasim switches off the e-mails about reviews waiting; GET /auth/me shows it.
  const off = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    headers: asUser(quiet),
    payload: { notificationPreferences: { REVIEW_WAITING: false } },
  });
  assert.equal(off.statusCode, 200, off.body);
  const me = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(quiet) })).json();
  assert.equal(me.profile.notificationPreferences.REVIEW_WAITING, false);
  assert.equal(me.profile.notificationPreferences.ASSIGNED, true);
  received.length = 0;

  const gate = async (
    id: string,
    g: string,
    verb: 'approve' | 'reject',
    s: Session,
    payload: Record<string, unknown> = {},
  ) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${id}/gates/${g}/${verb}`,
      headers: asUser(s),
      payload,
    });
    assert.equal(res.statusCode, 200, `${g} ${verb}: ${res.body}`);
  };
  const e = await createEngagement(t, asUser(creator), {
    targetEntity: 'Śrī Gaṇeśa Textiles Pvt Ltd',
    assignedValuerId: assignee.userId,
  });
  // Nothing is sent in the request: the e-mail is a job.
  assert.equal(received.length, 0);
  assert.equal((await uploadFixture(t, asUser(assignee), e.id)).statusCode, 201);
  assert.equal((await lock(t, asUser(assignee), e.id)).statusCode, 200);
  await t.worker.drain();
  await gate(e.id, 'GATE_1', 'reject', admin, {
    reason: 'Projections need the latest board-approved budget',
    outcome: 'REVISE',
  });
  assert.equal((await lock(t, asUser(assignee), e.id)).statusCode, 200);
  await t.worker.drain();
  await gate(e.id, 'GATE_1', 'approve', creator);
  await gate(e.id, 'GATE_2', 'approve', reviewer);
  const order = await orderPayment(t, asUser(admin), e.id);
  assert.equal(order.statusCode, 200, order.body);
  const checkout = await sandboxPay(t, order.json().gatewayOrderId);
  assert.equal((await verifyPayment(t, asUser(admin), checkout.json())).statusCode, 200);
  await gate(e.id, 'GATE_3', 'approve', admin, { place: 'Mumbai' });
  await t.worker.drain();

  const expected: [Session, RegExp][] = [
    [assignee, /^Assigned to you: Śrī Gaṇeśa Textiles Pvt Ltd$/],
    [assignee, /^Returned for revision: Śrī Gaṇeśa Textiles Pvt Ltd$/],
    [admin, /^Waiting for your review: /],
    [reviewer, /^Waiting for your review: /],
    [admin, /^Ready for your sign-off: /],
    [admin, /^Payment of ₹23,600\.00 received: Śrī Gaṇeśa Textiles Pvt Ltd$/],
    [assignee, /^Signed off: /],
    [admin, /^Signed off: /],
  ];
  await waitFor('every e-mail', () => (received.length >= expected.length ? true : undefined));
  await new Promise((r) => setTimeout(r, 200));
  const got = received.map((m) => `${to(m)} ${m.subject}`).sort();
  assert.equal(received.length, expected.length, got.join('\n'));
  for (const [who, subject] of expected) {
    assert.equal(
      received.filter((m) => to(m) === who.email.toLowerCase() && subject.test(m.subject ?? '')).length,
      1,
      `${who.email} ${subject}`,
    );
  }
  assert.equal(received.filter((m) => to(m) === quiet.email.toLowerCase()).length, 0, 'Qasim switched reviews off');
  assert.equal(
    received.filter((m) => to(m) === creator.email.toLowerCase()).length,
    0,
    'the creator is not the assignee',
  );

  // People's words, plain text and HTML, the reason, and a link to the engagement's screen.
  const returned = received.find((m) => /^Returned for revision/.test(m.subject ?? ''))!;
  assert.match(returned.text!, /Projections need the latest board-approved budget/);
  assert.match(returned.text!, new RegExp(`${BASE}/engagements/${e.id}`));
  assert.match(String(returned.html), new RegExp(`href="${BASE}/engagements/${e.id}"`));
  for (const m of received) {
    assert.doesNotMatch(
      `${m.subject} ${m.text}`,
      /\/api\/|RETURNED_FOR_REVISION|GATE_\d|PAYMENT_CAPTURED|REVIEW_WAITING/,
    );
  }

  // The bell keeps every notice, e-mailed or not: Qasim's review waiting is there though its e-mail is off.
  const bell = async (s: Session) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/notifications', headers: asUser(s) })).json() as {
      unread: number;
      items: { id: string; kind: string; title: string; engagementId: string; read: boolean }[];
    };
  const quietBell = await bell(quiet);
  assert.deepEqual(
    quietBell.items.map((n) => [n.kind, n.engagementId]),
    [['REVIEW_WAITING', e.id]],
  );
  assert.equal(quietBell.unread, 1);
  assert.equal((await bell(assignee)).unread, 3);
  const adminBell = await bell(admin);
  assert.equal(adminBell.unread, 4);
  assert.match(adminBell.items.find((n) => n.kind === 'PAYMENT_CAPTURED')!.title, /₹23,600\.00/);
  const readOne = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notifications/read',
    headers: asUser(admin),
    payload: { ids: [adminBell.items[0]!.id, quietBell.items[0]!.id] },
  });
  assert.deepEqual(readOne.json(), { unread: 3 }, "another person's notice is not marked");
  assert.equal((await bell(quiet)).unread, 1);
  assert.deepEqual(
    (
      await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers: asUser(admin), payload: {} })
    ).json(),
    { unread: 0 },
  );

  // Each e-mail's job run again (a retry after a crash, or a duplicate): the record says it was sent; nothing more arrives.
  const jobs = await t.db.query<{ kind: string; payload: Record<string, unknown> }>(
    `SELECT kind, payload FROM jobs WHERE kind = 'send-notification-mail' AND payload->>'firmId' = $1`,
    [admin.firmId],
  );
  assert.equal(jobs.length, expected.length);
  await t.db.transaction(async (tx) => {
    for (const j of jobs) await enqueue(tx, j.kind, j.payload);
  });
  await t.worker.drain();
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(received.length, expected.length);
});

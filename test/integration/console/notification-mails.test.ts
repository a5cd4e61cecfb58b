// E-mail notifications (docs/decisions.md, E-mail notifications), received by a real SMTP server started
// here: the team's invitations accepted (the inviter hears, roles in words), then one engagement's day
// (create, upload, lock, return once, lock, Gate 1, Gate 2, pay, sign off) sends exactly the expected e-mails,
// none to the person who acted, each linking to the tab where its action is and carrying a one-click
// List-Unsubscribe header that works; a kind switched off sends nothing, and a job run again sends nothing.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { startSmtpServer, type Inbox } from '../../helpers/smtp.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { SIGNATORY_REGISTRATIONS, asUser, memberByMail, signupAdmin } from '../../helpers/principals.js';
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

/** A header as it arrived (mailparser folds List-* headers into an object, so the raw line is read). */
const header = (m: ParsedMail, name: string) =>
  m.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, '');

test("one engagement's day sends exactly the expected e-mails, none to the actor, each to its tab with a one-click opt-out", async () => {
  const admin = await signupAdmin(t, 'Mail Valuers LLP');
  const adminEmail = admin.email.toLowerCase();
  const creator = await memberByMail(t, smtp, admin, 'VALUER', 'Chitra Creator');
  const assignee = await memberByMail(t, smtp, admin, 'VALUER', 'Ānand Assignee');
  const reviewer = await memberByMail(t, smtp, admin, 'VALUER', 'Rekha Reviewer');
  const quiet = await memberByMail(t, smtp, admin, 'VALUER', 'Qasim Quiet');
  const partner = await memberByMail(t, smtp, admin, 'ADMIN', 'Padma Partner');
  // The inviter hears of each acceptance, the role in words, with a link to the team.
  await t.worker.drain();
  const joined = await waitFor('five acceptances', () => {
    const j = received.filter((m) => to(m) === adminEmail && /joined the firm$/.test(m.subject ?? ''));
    return j.length === 5 ? j : undefined;
  });
  const partnerJoined = joined.find((m) => m.subject === 'Padma Partner joined the firm')!;
  assert.match(partnerJoined.text!, /accepted your invitation and joined the firm as administrator\./);
  assert.match(partnerJoined.text!, new RegExp(`${BASE}/team\\b`));
  assert.match(joined.find((m) => /Rekha/.test(m.subject!))!.text!, /as valuer\./);
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
  // Padma may sign off: a partner with the registrations the statutes ask for.
  const qualified = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    headers: asUser(partner),
    payload: { designation: 'Partner', registrations: SIGNATORY_REGISTRATIONS },
  });
  assert.equal(qualified.statusCode, 200, qualified.body);
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
  await gate(e.id, 'GATE_3', 'approve', partner, { place: 'Mumbai' });
  await t.worker.drain();

  // Who, what, and the tab the link opens. The actor of each event is never among its recipients: the
  // creator assigned, the admin returned and paid, the creator approved Gate 1, the reviewer Gate 2, the
  // partner signed off.
  const expected: [Session, RegExp, string][] = [
    [assignee, /^Assigned to you: Śrī Gaṇeśa Textiles Pvt Ltd$/, 'data'],
    [assignee, /^Returned for revision: Śrī Gaṇeśa Textiles Pvt Ltd$/, 'assumptions'],
    [admin, /^Waiting for your review: /, 'review'],
    [reviewer, /^Waiting for your review: /, 'review'],
    [partner, /^Waiting for your review: /, 'review'],
    [admin, /^Ready for your sign-off: /, 'review'],
    [partner, /^Ready for your sign-off: /, 'review'],
    [assignee, /^Independent review approved: /, 'review'],
    [partner, /^Payment of ₹23,600\.00 received: Śrī Gaṇeśa Textiles Pvt Ltd$/, 'review'],
    [assignee, /^Signed off: /, 'review'],
  ];
  await waitFor('every e-mail', () => (received.length >= expected.length ? true : undefined));
  await new Promise((r) => setTimeout(r, 200));
  const got = received.map((m) => `${to(m)} ${m.subject}`).sort();
  assert.equal(received.length, expected.length, got.join('\n'));
  for (const [who, subject, tab] of expected) {
    const mails = received.filter((m) => to(m) === who.email.toLowerCase() && subject.test(m.subject ?? ''));
    assert.equal(mails.length, 1, `${who.email} ${subject}\n${got.join('\n')}`);
    const m = mails[0]!;
    const link = `${BASE}/engagements/${e.id}?tab=${tab}`;
    assert.ok(m.text!.includes(link), `${m.subject}: ${link}`);
    assert.ok(String(m.html).includes(`href="${link}"`), `${m.subject}: HTML ${link}`);
    assert.match(
      header(m, 'list-unsubscribe') ?? '',
      new RegExp(`^<${BASE}/api/v1/notifications/unsubscribe\\?token=`),
    );
    assert.equal(header(m, 'list-unsubscribe-post'), 'List-Unsubscribe=One-Click');
    assert.match(m.text!, new RegExp(`Stop these e-mails with one click: ${BASE}/unsubscribe\\?token=`));
  }
  assert.equal(received.filter((m) => to(m) === quiet.email.toLowerCase()).length, 0, 'Qasim switched reviews off');
  assert.equal(received.filter((m) => to(m) === creator.email.toLowerCase()).length, 0, 'the creator only acted');
  const returned = received.find((m) => /^Returned for revision/.test(m.subject ?? ''))!;
  assert.match(returned.text!, /Projections need the latest board-approved budget/);
  for (const m of received) {
    assert.doesNotMatch(
      `${m.subject} ${m.text}`,
      /\/api\/v1\/engagements|RETURNED_FOR_REVISION|GATE_\d|PAYMENT_CAPTURED|REVIEW_WAITING|ADMIN|VALUER/,
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
  // The review approved is an e-mail only (the bell keeps the six kinds it always listed).
  assert.equal((await bell(assignee)).unread, 3);
  assert.equal((await bell(creator)).unread, 0);
  const partnerBell = await bell(partner);
  assert.equal(partnerBell.unread, 3);
  assert.match(partnerBell.items.find((n) => n.kind === 'PAYMENT_CAPTURED')!.title, /₹23,600\.00/);
  const readOne = await t.app.inject({
    method: 'POST',
    url: '/api/v1/notifications/read',
    headers: asUser(partner),
    payload: { ids: [partnerBell.items[0]!.id, quietBell.items[0]!.id] },
  });
  assert.deepEqual(readOne.json(), { unread: 2 }, "another person's notice is not marked");
  assert.equal((await bell(quiet)).unread, 1);

  // Each e-mail's job run again (a retry after a crash, or a duplicate): the record says it was sent; nothing more arrives.
  const jobs = await t.db.query<{ kind: string; payload: Record<string, unknown> }>(
    `SELECT kind, payload FROM jobs WHERE kind = 'send-notification-mail' AND payload->>'firmId' = $1 AND payload->>'engagementId' IS NOT NULL`,
    [admin.firmId],
  );
  assert.equal(jobs.length, expected.length);
  await t.db.transaction(async (tx) => {
    for (const j of jobs) await enqueue(tx, j.kind, j.payload);
  });
  await t.worker.drain();
  await new Promise((r) => setTimeout(r, 200));
  assert.equal(received.length, expected.length);

  // One click: the mail program POSTs the List-Unsubscribe address with List-Unsubscribe=One-Click (RFC 8058).
  const signedOff = received.find((m) => to(m) === assignee.email.toLowerCase() && /^Signed off/.test(m.subject!))!;
  const url = new URL(/^<(.+)>$/.exec(header(signedOff, 'list-unsubscribe')!)![1]!);
  const post = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
  const token = url.searchParams.get('token')!;
  const tampered = await post(`${token.slice(0, -2)}xx`);
  assert.equal(tampered.statusCode, 400, tampered.body);
  const done = await post(token);
  assert.equal(done.statusCode, 200, done.body);
  assert.deepEqual(done.json(), {
    kind: 'SIGNED_AND_ISSUED',
    label: 'A report I worked on is signed off',
    email: assignee.email.toLowerCase(),
  });
  const prefs = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(assignee) })).json()
    .profile.notificationPreferences;
  assert.equal(prefs.SIGNED_AND_ISSUED, false);
  assert.equal(prefs.ASSIGNED, true, 'only that kind is switched off');
  const audit = await t.db.query<{ actor_id: string }>(
    `SELECT actor_id FROM audit_events WHERE firm_id = $1 AND action = 'profile.updated' AND details->>'via' IS NOT NULL`,
    [admin.firmId],
  );
  assert.deepEqual(
    audit.map((a) => a.actor_id),
    [assignee.userId],
  );
  // The page link carries the same token (the console's /unsubscribe page POSTs it).
  assert.ok(signedOff.text!.includes(`${BASE}/unsubscribe?token=${encodeURIComponent(token)}`));
});

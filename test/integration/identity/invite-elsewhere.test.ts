// Inviting an address that has an account with another firm (docs/decisions.md, Invitations to an address in use):
// the ADMIN is answered as for any new invitation, so inviting reveals nothing about who has an account; the
// address's owner receives, through the real mailer (a real SMTP server here), a mail saying who invited them, why
// no invitation was made and what to do; nothing is made, and their own account is untouched.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { startSmtpServer, type Inbox } from '../../helpers/smtp.js';
import {
  acceptInvite,
  accepted,
  asUser,
  invite,
  login,
  signupAdmin,
  uniqueEmail,
  type Session,
} from '../../helpers/principals.js';

let t: TestApp, inbox: Inbox;
before(async () => {
  inbox = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_BASE_URL: 'https://valuations.example.in' } });
});
after(async () => {
  await t?.close();
  await inbox?.close();
});

const tokenIn = (text: string | undefined) =>
  decodeURIComponent(/accept-invite\?token=([^\s"<&]+)/.exec(text ?? '')?.[1] ?? '');

/** The answer with what differs between any two invitations (the id and the time) taken out. */
const shape = (body: Record<string, unknown>) => ({
  ...body,
  id: typeof body.id === 'string' && /^usr_[0-9A-HJKMNP-TV-Z]{26}$/.test(body.id),
  createdAt: typeof body.createdAt === 'string' && !Number.isNaN(Date.parse(body.createdAt)),
  email: undefined,
  name: undefined,
});

async function memberOf(admin: Session, name: string): Promise<Session> {
  const email = uniqueEmail('member');
  const res = await invite(t, asUser(admin), { email, name, role: 'VALUER' });
  assert.equal(res.statusCode, 201, res.body);
  const acc = await acceptInvite(t, tokenIn((await inbox.waitFor(email)).text));
  assert.equal(acc.statusCode, 200, acc.body);
  return accepted(acc, admin, email);
}

test("inviting another firm's member is answered as a new invitation; the member is mailed what to do; nothing is made", async () => {
  const theirs = await signupAdmin(t, 'Deccan Valuers LLP');
  const held = await memberOf(theirs, 'Ramesh Kumar');
  const inviter = await signupAdmin(t, 'Konkan Advisory LLP');
  const fresh = uniqueEmail('fresh');
  const usersBefore = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;
  const mailsBefore = inbox.received.length;

  const newcomer = await invite(t, asUser(inviter), { email: fresh, name: 'Nisha New', role: 'VALUER' });
  const elsewhere = await invite(t, asUser(inviter), {
    email: held.email.toUpperCase(),
    name: 'Ramesh K',
    role: 'VALUER',
  });
  // The same status, headers and shape: nothing tells the ADMIN that the address has an account.
  assert.equal(newcomer.statusCode, 201, newcomer.body);
  assert.equal(elsewhere.statusCode, 201, elsewhere.body);
  assert.equal(elsewhere.headers['content-type'], newcomer.headers['content-type']);
  assert.deepEqual(shape(elsewhere.json()), shape(newcomer.json()));
  assert.deepEqual(shape(elsewhere.json()), {
    id: true,
    createdAt: true,
    email: undefined,
    name: undefined,
    role: 'VALUER',
    status: 'INVITED',
    assignable: false,
    delivery: 'EMAILED',
  });
  assert.equal(elsewhere.json().email, held.email.toUpperCase());
  assert.notEqual(elsewhere.json().id, held.userId);

  // The owner of the address is mailed: who invited them, why nothing was made, what to do; no link to accept.
  const notice = await inbox.waitFor(held.email, (m) => m.subject?.includes('invited this address') ?? false);
  assert.equal(notice.subject, 'Asha Admin invited this address to Konkan Advisory LLP on the Valuation Service');
  const text = notice.text ?? '';
  for (const expected of [
    'Hello Ramesh Kumar,',
    `Asha Admin has invited ${held.email} to join Konkan Advisory LLP on the Valuation Service as a valuer.`,
    'This address already has an account on the Valuation Service, and an address can belong to one firm only, so no invitation was made.',
    'Konkan Advisory LLP has not been told that the address has an account.',
    'tell them another e-mail address of yours',
  ]) {
    assert.ok(text.replace(/\s+/g, ' ').includes(expected), `the notice says: ${expected}\n${text}`);
  }
  assert.doesNotMatch(text, /accept-invite|token=/);
  assert.doesNotMatch(text, /Deccan/, "the notice does not name the owner's own firm");
  assert.match(notice.html || '', /<strong>Konkan Advisory LLP<\/strong>/);
  // The newcomer got an invitation; the ADMIN who invited got no mail either way.
  assert.match((await inbox.waitFor(fresh)).text ?? '', /has invited you to join Konkan Advisory LLP/);
  assert.deepEqual(inbox.to(inviter.email), []);
  assert.equal(inbox.received.length, mailsBefore + 2, 'one mail to each address invited, none to anyone else');

  // Nothing was made for the address: one new user (the newcomer), and the member's own account is untouched.
  const usersAfter = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]!.n;
  assert.equal(usersAfter, usersBefore + 1);
  const [row] = await t.db.query<{ firm_id: string; status: string; name: string }>(
    'SELECT firm_id, status, name FROM users WHERE id = $1',
    [held.userId],
  );
  assert.deepEqual(row, { firm_id: theirs.firmId, status: 'ACTIVE', name: 'Ramesh Kumar' });
  assert.equal((await login(t, held.email)).statusCode, 200);
});

test('an address invited by another firm and not yet accepted: the notice says so, and the first invitation still works', async () => {
  const first = await signupAdmin(t, 'Malabar Partners');
  const second = await signupAdmin(t, 'Sahyadri Valuers');
  const email = uniqueEmail('pending');
  assert.equal((await invite(t, asUser(first), { email, name: 'Priya Nair', role: 'VIEWER' })).statusCode, 201);
  const invitation = await inbox.waitFor(email);
  const again = await invite(t, asUser(second), { email, name: 'Priya N', role: 'ADMIN' });
  assert.equal(again.statusCode, 201, again.body);
  assert.equal(again.json().delivery, 'EMAILED');
  const notice = await inbox.waitFor(email, (m) => m !== invitation);
  assert.match(
    (notice.text ?? '').replace(/\s+/g, ' '),
    /This address has already been invited to another firm on the Valuation Service, and an address can belong to one firm only, so no invitation was made\./,
  );
  // The invitation of the first firm is the one that holds: accepting it joins that firm.
  const acc = await acceptInvite(t, tokenIn(invitation.text));
  assert.equal(acc.statusCode, 200, acc.body);
  assert.equal(accepted(acc, first, email).firmId, first.firmId);
});

test('an address already of the same firm is still 409 email_exists: the ADMIN sees their own team anyway', async () => {
  const admin = await signupAdmin(t, 'Same Firm LLP');
  const member = await memberOf(admin, 'Suresh Iyer');
  const dup = await invite(t, asUser(admin), { email: member.email.toUpperCase(), name: 'Suresh', role: 'VIEWER' });
  assert.equal(dup.statusCode, 409, dup.body);
  assert.equal(dup.json().code, 'email_exists');
  const selfInvite = await invite(t, asUser(admin), { email: admin.email, name: 'Asha', role: 'VIEWER' });
  assert.equal(selfInvite.statusCode, 409);
});

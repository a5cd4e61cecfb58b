// Password resets (docs/decisions.md, Password resets), through the real mailer to a real SMTP server: "Forgot
// password" answers 202 alike for a known and an unknown address and mails only the known one a one-use link
// valid 30 minutes; only the link's SHA-256 is stored; the new password ends every session; an ADMIN can send a
// member a link from Team; the limits of logging in apply.
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
import { sha256Hex } from '../../../src/lib/crypto.js';

let t: TestApp, inbox: Inbox, admin: Session, valuer: Session, stranger: Session;
before(async () => {
  inbox = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: inbox.url, PUBLIC_BASE_URL: 'https://valuations.example.in' } });
  admin = await signupAdmin(t, 'Konkan Valuers LLP');
  valuer = await addMember(t, admin, 'VALUER', 'Vikram Valuer');
  stranger = await signupAdmin(t, 'Other Firm LLP');
});
after(async () => {
  await t?.close();
  await inbox?.close();
});

/** A member invited by the ADMIN, the invitation read from the mail the SMTP server received. */
async function addMember(t: TestApp, by: Session, role: 'VALUER' | 'VIEWER', name: string): Promise<Session> {
  const email = uniqueEmail(role.toLowerCase());
  assert.equal((await invite(t, asUser(by), { email, name, role })).statusCode, 201);
  const text = (await inbox.waitFor(email)).text ?? '';
  const token = decodeURIComponent(/accept-invite\?token=([^\s"<&]+)/.exec(text)?.[1] ?? '');
  return accepted(await acceptInvite(t, token), by, email);
}

const NEW_PASSWORD = 'mango orchard monsoon ledger';
const tokenIn = (text: string | undefined) =>
  decodeURIComponent(/reset-password\?token=([^\s"<&]+)/.exec(text ?? '')?.[1] ?? '');
const isReset = (m: { subject?: string }) => /new password/i.test(m.subject ?? '');
const forgot = (email: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', remoteAddress, payload: { email } });
const reset = (token: string, password = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password } });
const counts = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_resets'))[0]!.n;

test('a known and an unknown address get the same 202; only the known one is mailed a link', async () => {
  await t.db.query('DELETE FROM rate_limits');
  const unknown = uniqueEmail('nobody');
  const before = await counts();
  const a = await forgot(valuer.email);
  const b = await forgot(unknown);
  assert.equal(a.statusCode, 202, a.body);
  assert.equal(b.statusCode, 202, b.body);
  assert.equal(a.body, b.body);
  const mail = await inbox.waitFor(valuer.email, isReset);
  assert.equal(mail.subject, 'Choose a new password for the Valuation Service');
  assert.match(mail.text ?? '', /within 30 minutes/);
  assert.match(mail.text ?? '', /https:\/\/valuations\.example\.in\/reset-password\?token=/);
  await new Promise((r) => setTimeout(r, 300));
  assert.equal(inbox.to(unknown).length, 0, 'nothing is mailed to an address without an account');
  assert.equal(await counts(), before + 1);
  // Only the SHA-256 of the link's secret is stored.
  const token = tokenIn(mail.text);
  const rows = await t.db.query<{ token_hash: string; expires_at: Date; created_at: Date }>(
    'SELECT token_hash, expires_at, created_at FROM password_resets ORDER BY created_at DESC LIMIT 1',
  );
  assert.equal(rows[0]!.token_hash, sha256Hex(token));
  assert.equal(rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime(), 30 * 60_000);
  const stored = JSON.stringify(await t.db.query('SELECT * FROM password_resets'));
  assert.ok(!stored.includes(token), 'the secret itself is nowhere in the table');
});

test('the link sets the password once, ends every session, and the old password stops working', async () => {
  await t.db.query('DELETE FROM rate_limits');
  const member = await addMember(t, admin, 'VALUER', 'Reset Person');
  const me = () => t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(member) });
  assert.equal((await me()).statusCode, 200);
  await forgot(member.email);
  const token = tokenIn((await inbox.waitFor(member.email, isReset)).text);
  const weak = await reset(token, 'short');
  assert.equal(weak.statusCode, 400, weak.body);
  assert.equal(weak.json().errors[0].path, '/password');
  const done = await reset(token);
  assert.equal(done.statusCode, 204, done.body);
  assert.equal((await me()).statusCode, 401, 'the old session has ended');
  assert.equal((await login(t, member.email)).statusCode, 401, 'the old password no longer works');
  assert.equal((await login(t, member.email, NEW_PASSWORD)).statusCode, 200);
  const again = await reset(token, 'another long enough passphrase');
  assert.equal(again.statusCode, 410, again.body);
  assert.equal(again.json().code, 'link_expired');
  const audit = await t.db.query<{ action: string }>(
    "SELECT action FROM audit_events WHERE actor_id = $1 AND action LIKE 'user.password%' ORDER BY id",
    [member.userId],
  );
  assert.deepEqual(
    audit.map((a) => a.action),
    ['user.password_reset_requested', 'user.password_reset'],
  );
});

test('an expired or unknown link is 410 and changes nothing', async () => {
  await t.db.query('DELETE FROM rate_limits');
  await forgot(admin.email);
  const token = tokenIn((await inbox.waitFor(admin.email, isReset)).text);
  await t.db.query("UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
    sha256Hex(token),
  ]);
  assert.equal((await reset(token)).statusCode, 410);
  assert.equal((await reset('x'.repeat(43))).statusCode, 410);
  assert.equal((await login(t, admin.email)).statusCode, 200, 'the password is unchanged');
});

test('an ADMIN sends a member a link from Team; a VALUER cannot; another firm is 404', async () => {
  const member = await addMember(t, admin, 'VIEWER', 'Viewer To Reset');
  const send = (who: Session, userId: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1/team/${userId}/password-reset`, headers: asUser(who) });
  const sent = await send(admin, member.userId);
  assert.equal(sent.statusCode, 202, sent.body);
  assert.deepEqual(sent.json(), { email: member.email });
  assert.doesNotMatch(sent.body, /token|reset-password/, 'the link is never shown to the ADMIN');
  const mail = await inbox.waitFor(member.email, isReset);
  assert.match(mail.text ?? '', /Asha Admin, an administrator of your firm, has sent you a link/);
  assert.equal((await send(valuer, member.userId)).statusCode, 403);
  assert.equal((await send(stranger, member.userId)).statusCode, 404);
  const audit = await t.db.query<{ details: { userId: string } }>(
    "SELECT details FROM audit_events WHERE action = 'team.password_reset_sent' AND actor_id = $1",
    [admin.userId],
  );
  assert.deepEqual(
    audit.map((a) => a.details.userId),
    [member.userId],
  );
});

test('the limits of logging in: an account is mailed at most 5 links a quarter hour, an address asks 20 times', async () => {
  await t.db.query('DELETE FROM rate_limits');
  const member = await addMember(t, admin, 'VIEWER', 'Often Forgetful');
  for (let i = 0; i < 8; i++) assert.equal((await forgot(member.email, '203.0.113.50')).statusCode, 202);
  await new Promise((r) => setTimeout(r, 500));
  assert.equal(inbox.to(member.email).filter(isReset).length, 5);
  for (let i = 8; i < 20; i++) await forgot(uniqueEmail('x'), '203.0.113.50');
  const over = await forgot(uniqueEmail('x'), '203.0.113.50');
  assert.equal(over.statusCode, 429, over.body);
  assert.ok(Number(over.headers['retry-after']) > 0);
});

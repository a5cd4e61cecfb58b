// Running a team: deactivation ends a member's sessions at once; invitations are listed, resent with a
// new link (the old one stops working) and cancelled; the invitation mail has a text and an HTML part
// linking to the console; another firm's ids answer 404.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestApp } from '../../helpers/app.js';
import { acceptInvite, addMember, adminApp, asUser, type Session } from '../../helpers/principals.js';
import { invitationTokenFor, inviteNew, login, signupAdmin } from '../../helpers/principals.js';

let t: TestApp, admin: Session;
adminApp((s) => ({ t, admin } = s), { env: { PUBLIC_BASE_URL: 'https://valuations.example.in' } });

const api = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, s: Session, payload?: object) =>
  t.app.inject({ method, url, headers: asUser(s), payload });

test('deactivating a member ends their session at once; they cannot sign in; the last ADMIN cannot be deactivated', async () => {
  const valuer = await addMember(t, admin, 'VALUER');
  assert.equal((await api('GET', '/api/v1/auth/me', valuer)).statusCode, 200);
  const res = await api('POST', `/api/v1/team/${valuer.userId}/deactivate`, admin);
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().status, 'DEACTIVATED');
  assert.equal((await api('GET', '/api/v1/auth/me', valuer)).statusCode, 401);
  assert.equal((await login(t, valuer.email)).statusCode, 401);
  assert.equal((await api('POST', `/api/v1/team/${valuer.userId}/deactivate`, admin)).json().code, 'not_active');
  const last = await api('POST', `/api/v1/team/${admin.userId}/deactivate`, admin);
  assert.equal(last.statusCode, 409);
  assert.equal(last.json().code, 'last_admin');
  const audit = await t.db.query<{ action: string }>(
    `SELECT action FROM audit_events WHERE firm_id = $1 AND action = 'team.deactivated'`,
    [admin.firmId],
  );
  assert.equal(audit.length, 1);
});

test('invitations: listed, resent with a new link (the old one stops working), cancelled; the mail has text and HTML', async () => {
  const { email, res: invited } = await inviteNew(t, asUser(admin), 'Ira Invitee', 'VIEWER');
  assert.equal(invited.statusCode, 201);
  const first = invitationTokenFor(t, email);
  const mailDir = join(t.config.DATA_DIR, 'mail');
  // The file is the message as an SMTP server would receive it: quoted-printable, soft line breaks joined here.
  const mail = readdirSync(mailDir)
    .map((f) =>
      readFileSync(join(mailDir, f), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '='),
    )
    .find((m) => m.includes(`To: ${email}`))!;
  assert.match(mail, /Content-Type: multipart\/alternative/);
  assert.match(mail, /Content-Type: text\/html/);
  assert.ok(
    mail.includes(`https://valuations.example.in/accept-invite?token=${first}`),
    'links the console on PUBLIC_BASE_URL',
  );
  assert.match(mail, /<a href="https:\/\/valuations\.example\.in\/accept-invite\?token=/);

  const list = (await api('GET', '/api/v1/invitations', admin)).json();
  const inv = list.find((i: { email: string }) => i.email === email);
  assert.equal(inv.role, 'VIEWER');
  assert.equal(inv.expired, false);

  await new Promise((r) => setTimeout(r, 5));
  // No SMTP here: the answer gives the ADMIN the new link to pass on (with SMTP it is 204 and mailed only).
  const resent = await api('POST', `/api/v1/invitations/${inv.id}/resend`, admin);
  assert.equal(resent.statusCode, 200, resent.body);
  const second = invitationTokenFor(t, email);
  assert.deepEqual(resent.json(), {
    email,
    delivery: 'LINK_SHOWN',
    acceptPath: `/accept-invite?token=${encodeURIComponent(second)}`,
  });
  assert.notEqual(second, first);
  assert.equal((await acceptInvite(t, first)).statusCode, 400, 'the old link no longer works');

  // Cancel another one: its link stops working and it leaves the list.
  const email2 = (await inviteNew(t, asUser(admin), 'Cal Cancelled', 'VALUER', 'cancelled')).email;
  const token2 = invitationTokenFor(t, email2);
  const inv2 = (await api('GET', '/api/v1/invitations', admin))
    .json()
    .find((i: { email: string }) => i.email === email2);
  assert.equal((await api('DELETE', `/api/v1/invitations/${inv2.id}`, admin)).statusCode, 204);
  assert.equal((await acceptInvite(t, token2)).statusCode, 400);
  assert.ok(
    !(await api('GET', '/api/v1/invitations', admin)).json().some((i: { email: string }) => i.email === email2),
  );

  // Another firm's ADMIN gets 404 for these ids; the new link still works.
  const other = await signupAdmin(t, 'Other LLP');
  assert.equal((await api('POST', `/api/v1/invitations/${inv.id}/resend`, other)).statusCode, 404);
  assert.equal((await api('DELETE', `/api/v1/invitations/${inv.id}`, other)).statusCode, 404);
  const valuer = await addMember(t, admin, 'VALUER');
  assert.equal((await api('POST', `/api/v1/team/${valuer.userId}/deactivate`, other)).statusCode, 404);
  const ok = await acceptInvite(t, second);
  assert.equal(ok.statusCode, 200, ok.body);
  const audit = await t.db.query<{ action: string }>(
    `SELECT action FROM audit_events WHERE firm_id = $1 AND action LIKE 'team.invitation_%' ORDER BY id`,
    [admin.firmId],
  );
  assert.deepEqual(
    audit.map((a) => a.action).filter((a) => a !== 'team.invitation_accepted'),
    ['team.invitation_resent', 'team.invitation_cancelled'],
  );
});

import { test } from 'node:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { acceptInvite, addMember, adminApp, asToken, asUser, type Session } from '../../helpers/principals.js';
import { createToken, invitationTokenFor, invite, inviteNew, login, PASSWORD } from '../../helpers/principals.js';
import { postToken, signupAdmin, uniqueEmail } from '../../helpers/principals.js';
import { isWellFormedToken } from '../../../src/domain/identity/token-format.js';

let t: TestApp, admin: Session;
adminApp((s) => ({ t, admin } = s));

test('an API token is shown once, stored only as its SHA-256, and acts as VALUER', async () => {
  const res = await postToken(t, asUser(admin), 'deploy bot');
  assert.equal(res.statusCode, 201);
  const { id, token, prefix } = res.json();
  assert.match(token, /^evk_[0-9A-Za-z]{36}$/);
  assert.ok(isWellFormedToken(token));
  assert.equal(prefix, token.slice(0, 8));
  const [row] = await t.db.query<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = $1', [id]);
  assert.equal(row.token_hash, createHash('sha256').update(token).digest('hex'));
  assert.ok(
    !Object.values(row).some((v) => typeof v === 'string' && v.includes(token.slice(4))),
    'no column holds the secret',
  );
  const list = await t.app.inject({ method: 'GET', url: '/api/v1/settings/api-tokens', headers: asUser(admin) });
  assert.ok(!list.body.includes(token.slice(8)), 'the list never repeats the secret');
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asToken(token) });
  assert.equal(me.json().role, 'VALUER');
  assert.equal(me.json().firm.id, admin.firmId);
  const listed = list.json().find((x: { id: string }) => x.id === id);
  assert.equal(listed.revokedAt, null);
  // Recorded off the request path, within the flush interval (USAGE_FLUSH_MS, 2 s).
  await t.app.services.usage!.flush();
  const again = (await t.app.inject({ method: 'GET', url: '/api/v1/settings/api-tokens', headers: asUser(admin) }))
    .json()
    .find((x: { id: string }) => x.id === id);
  assert.ok(again.lastUsedAt, 'lastUsedAt recorded');
});

test('invite: 201, same e-mail in other case 409, VALUER and token 403, bad input 400', async () => {
  const { email, res: first } = await inviteNew(t, asUser(admin), 'Ravi Valuer', 'VALUER');
  assert.equal(first.statusCode, 201);
  assert.equal(first.json().status, 'INVITED');
  const dup = await invite(t, asUser(admin), { email: email.toUpperCase(), name: 'Ravi Again', role: 'VIEWER' });
  assert.equal(dup.statusCode, 409);
  assert.equal(dup.json().code, 'email_exists');
  const valuer = await addMember(t, admin, 'VALUER');
  const byValuer = (await inviteNew(t, asUser(valuer), 'X', 'VIEWER')).res;
  assert.equal(byValuer.statusCode, 403);
  const { token } = await createToken(t, admin);
  const byToken = (await inviteNew(t, asToken(token), 'X', 'VIEWER')).res;
  assert.equal(byToken.statusCode, 403);
  const badEmail = await invite(t, asUser(admin), { email: 'not-an-email', name: 'X', role: 'VIEWER' });
  assert.equal(badEmail.statusCode, 400);
  assert.equal(badEmail.json().errors[0].path, '/email');
  const badRole = (await inviteNew(t, asUser(admin), 'X', 'OWNER')).res;
  assert.equal(badRole.statusCode, 400);
  assert.equal(badRole.json().errors[0].path, '/role');
});

test("without SMTP, another firm's member invited: the same answer with a link to pass on, which says plainly it is not valid", async () => {
  // docs/decisions.md, Invitations to an address in use: the owner's notice is written to DATA_DIR/mail like any mail.
  const elsewhere = await signupAdmin(t, 'Elsewhere Valuers LLP');
  const newcomer = await invite(t, asUser(admin), {
    email: uniqueEmail('newcomer'),
    name: 'New Comer',
    role: 'VIEWER',
  });
  const held = await invite(t, asUser(admin), { email: elsewhere.email, name: 'Asha', role: 'VIEWER' });
  assert.equal(held.statusCode, 201, held.body);
  assert.deepEqual(Object.keys(held.json()).sort(), Object.keys(newcomer.json()).sort());
  assert.equal(held.json().delivery, 'LINK_SHOWN');
  assert.equal(held.json().status, 'INVITED');
  const token = decodeURIComponent(/token=(.+)$/.exec(held.json().acceptPath)![1]!);
  for (const res of [
    await acceptInvite(t, token),
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/invitation-preview', payload: { token } }),
  ]) {
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'invalid_invitation');
    assert.match(res.json().detail, /address that already has an account with another firm cannot be invited/);
  }
  const notice = readdirSync(join(t.config.DATA_DIR, 'mail'))
    .map((f) => readFileSync(join(t.config.DATA_DIR, 'mail', f), 'utf8').replace(/=\r?\n/g, ''))
    .find((m) => m.includes(`To: ${elsewhere.email}`) && m.includes('invited this address'));
  assert.ok(notice, 'the notice to the address is written like any mail');
  // The owner's account is as it was.
  assert.equal((await login(t, elsewhere.email)).statusCode, 200);
});

test('accepting an invitation activates the member, who can then log in; a used or expired invitation is refused', async () => {
  const { email, res: invited } = await inviteNew(t, asUser(admin), 'Joiner', 'VIEWER', 'joiner');
  const token = invitationTokenFor(t, email);
  // No SMTP in tests: the inviting ADMIN is given the link (relative to the console) to pass on.
  assert.equal(invited.json().delivery, 'LINK_SHOWN');
  assert.equal(invited.json().acceptPath, `/accept-invite?token=${encodeURIComponent(token)}`);
  // The mail names the firm and the person inviting, and has no API text in it.
  const mail = readdirSync(join(t.config.DATA_DIR, 'mail'))
    .map((f) => readFileSync(join(t.config.DATA_DIR, 'mail', f), 'utf8'))
    .find((m) => m.includes(`To: ${email}`))!;
  assert.match(mail.replace(/=\r?\n/g, ''), /has invited you to join .* on the Valuation Service as a viewer\./);
  assert.doesNotMatch(mail, /\/api\/v1|POST /);
  const stored = await t.db.query<{ token_hash: string }>(
    'SELECT token_hash FROM invitations i JOIN users u ON u.id = i.user_id WHERE lower(u.email) = lower($1)',
    [email],
  );
  assert.equal(stored[0].token_hash, createHash('sha256').update(token).digest('hex'), 'invitation stored hashed');
  const acc = await acceptInvite(t, token);
  assert.equal(acc.statusCode, 200);
  assert.equal(acc.json().user.status, 'ACTIVE');
  assert.equal((await login(t, email)).statusCode, 200);
  const reuse = await acceptInvite(t, token);
  assert.equal(reuse.statusCode, 410);
  assert.equal(reuse.json().code, 'invitation_used');

  const late = (await inviteNew(t, asUser(admin), 'Late', 'VIEWER', 'late')).email;
  const lateToken = invitationTokenFor(t, late);
  await t.db.query(`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE token_hash = $1`, [
    createHash('sha256').update(lateToken).digest('hex'),
  ]);
  const expired = await acceptInvite(t, lateToken);
  assert.equal(expired.statusCode, 410);
  assert.equal(expired.json().code, 'invitation_expired');
  const bogus = await acceptInvite(t, 'x'.repeat(40));
  assert.equal(bogus.statusCode, 400);
});

test('20 concurrent invites of one e-mail: exactly one 201', async () => {
  const email = uniqueEmail('race');
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      invite(t, asUser(admin), { email: i % 2 ? email.toUpperCase() : email, name: `Racer ${i}`, role: 'VIEWER' }),
    ),
  );
  const codes = results.map((r) => r.statusCode).sort();
  assert.equal(codes.filter((c) => c === 201).length, 1, codes.join(','));
  assert.equal(codes.filter((c) => c === 409).length, 19);
  const [{ n }] = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  assert.equal(n, 1);
});

test('the last ADMIN can be neither demoted nor removed; another ADMIN can', async () => {
  const solo = await signupAdmin(t, 'Solo Practice');
  const demoteSolo = (by: Session) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/team/${solo.userId}`,
      headers: asUser(by),
      payload: { role: 'VALUER' },
    });
  const demote = await demoteSolo(solo);
  assert.equal(demote.statusCode, 409);
  assert.equal(demote.json().code, 'last_admin');
  const remove = await t.app.inject({ method: 'DELETE', url: `/api/v1/team/${solo.userId}`, headers: asUser(solo) });
  assert.equal(remove.statusCode, 409);
  const second = await addMember(t, solo, 'ADMIN');
  const ok = await demoteSolo(second);
  assert.equal(ok.statusCode, 200);
  assert.equal(ok.json().role, 'VALUER');
});

test('wrong e-mail and wrong password answer the same 401; login is rate-limited with Retry-After', async () => {
  const t2 = await createTestApp();
  try {
    const a = await signupAdmin(t2);
    const unknown = await login(t2, 'nobody@example.com', 'whatever-long-password');
    const wrong = await login(t2, a.email, 'whatever-long-password');
    assert.equal(unknown.statusCode, 401);
    assert.equal(wrong.statusCode, 401);
    const strip = (b: Record<string, unknown>) => ({ ...b, requestId: undefined });
    assert.deepEqual(strip(unknown.json()), strip(wrong.json()));
    let limited;
    for (let i = 0; i < 12; i++) {
      limited = await login(t2, a.email, 'still-the-wrong-password');
      if (limited.statusCode === 429) break;
    }
    assert.equal(limited!.statusCode, 429);
    assert.equal(limited!.json().code, 'rate_limited');
    assert.ok(Number(limited!.headers['retry-after']) > 0);
  } finally {
    await t2.close();
  }
});

test('logs of signup, login, token creation and invite contain no password, cookie, token or invitation secret', async () => {
  const t3 = await createTestApp({ env: { LOG_LEVEL: 'trace' } });
  try {
    const a = await signupAdmin(t3);
    const signedIn = await login(t3, a.email);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0].split('=')[1];
    const { token } = await createToken(t3, a);
    await t3.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asToken(token) });
    const { email } = await inviteNew(t3, asUser(a), 'Log Check', 'VIEWER', 'logged');
    const invitation = invitationTokenFor(t3, email);
    const all = t3.logs.join('');
    assert.ok(t3.logs.length > 5, 'logs were captured');
    for (const secret of [PASSWORD, cookie, a.cookie.split('=')[1], token, token.slice(4, 34), invitation, a.csrf]) {
      assert.ok(!all.includes(secret), `a secret leaked into the logs: ${secret.slice(0, 6)}…`);
    }
  } finally {
    await t3.close();
  }
});

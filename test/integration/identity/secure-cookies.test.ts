// Session cookies in production (src/http/cookies.ts; docs/decisions.md, Credentials): always Secure and
// `__Host-`-prefixed (Path=/, no Domain), and still a working session; plain names elsewhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp } from '../../helpers/app.js';
import { PASSWORD, uniqueEmail } from '../../helpers/principals.js';

const signup = (app: Awaited<ReturnType<typeof createTestApp>>['app']) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { firmName: 'Cookie Jar LLP', name: 'Chitra Cookie', email: uniqueEmail('cookie'), password: PASSWORD },
  });
const setCookies = (res: { headers: Record<string, unknown> }) =>
  ([] as string[]).concat(res.headers['set-cookie'] as string[] | string);

test('with secure cookies, both cookies are __Host- prefixed and Secure, and the session works', async () => {
  const t = await createTestApp({ env: { SECURE_COOKIES: 'true' } });
  try {
    const res = await signup(t.app);
    assert.equal(res.statusCode, 201, res.body);
    const cookies = setCookies(res);
    const session = cookies.find((c) => c.startsWith('__Host-vs_session='))!;
    const csrf = cookies.find((c) => c.startsWith('__Host-vs_csrf='))!;
    for (const c of [session, csrf]) {
      assert.ok(c, cookies.join('\n'));
      assert.match(c, /; Secure/);
      assert.match(c, /; Path=\//);
      assert.doesNotMatch(c, /Domain=/i);
    }
    assert.match(session, /HttpOnly/);
    const cookie = session.split(';')[0];
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    assert.equal(me.statusCode, 200, me.body);
    // The unprefixed name is not read: a cookie a plain-http page could have set does not authenticate.
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { cookie: cookie.replace('__Host-vs_session', 'vs_session') },
    });
    assert.equal(plain.statusCode, 401);
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/api-tokens',
      headers: { cookie, 'x-csrf-token': res.json().csrfToken },
      payload: { name: 'ci bot' },
    });
    assert.equal(token.statusCode, 201, token.body);
  } finally {
    await t.close();
  }
});

test('without it (development over http), the cookies are vs_session and vs_csrf, not Secure', async () => {
  const t = await createTestApp();
  try {
    const cookies = setCookies(await signup(t.app));
    const session = cookies.find((c) => c.startsWith('vs_session='))!;
    assert.ok(session, cookies.join('\n'));
    assert.doesNotMatch(session, /; Secure/);
    assert.ok(cookies.some((c) => c.startsWith('vs_csrf=')));
  } finally {
    await t.close();
  }
});

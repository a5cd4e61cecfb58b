import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import {
  addMember,
  asToken,
  asUser,
  createToken,
  postToken,
  signupAdmin,
  type Session,
} from '../../helpers/principals.js';
import { PROTECTED_ROUTES, PUBLIC_ROUTES, allows, concretePath } from '../../helpers/route-table.js';
import { signJwt } from '../../../src/lib/jwt.js';
import { formatToken } from '../../../src/domain/identity/token-format.js';

let t: TestApp;
let admin: Session;
let valuer: Session;
let viewer: Session;
let token: string;

before(async () => {
  t = await createTestApp();
  admin = await signupAdmin(t);
  valuer = await addMember(t, admin, 'VALUER');
  viewer = await addMember(t, admin, 'VIEWER');
  token = (await createToken(t, admin)).token;
});
after(() => t.close());

test('the route table covers every operation in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
  );
  const known = [...PROTECTED_ROUTES.map((r) => `${r.method} ${r.path}`), ...PUBLIC_ROUTES];
  assert.deepEqual(
    documented.filter((d) => !known.includes(d)),
    [],
    'routes missing from the test table',
  );
});

test('every protected route answers 401 to every kind of bad credential', async () => {
  const revoked = await createToken(t, admin, 'to revoke');
  assert.equal(
    (await t.app.inject({ method: 'DELETE', url: `/api/v1/settings/api-tokens/${revoked.id}`, headers: asUser(admin) }))
      .statusCode,
    204,
  );
  const expired = await createToken(t, admin, 'to expire');
  await t.db.query(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
  const sessionPayload = JSON.parse(Buffer.from(admin.cookie.split('=')[1].split('.')[1], 'base64url').toString());
  const expiredCookie = `vs_session=${signJwt({ ...sessionPayload, exp: Math.floor(Date.now() / 1000) - 10 }, t.config.SESSION_SECRET!)}`;
  const tamperedCookie = `vs_session=${signJwt({ ...sessionPayload, sub: valuer.userId }, 'not-the-secret-not-the-secret-not-the-secret')}`;
  const cases: Record<string, Record<string, string>> = {
    none: {},
    malformed: { authorization: 'Bearer not-a-token' },
    'bad checksum': { authorization: `Bearer ${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}` },
    'well-formed unknown': { authorization: `Bearer ${formatToken('A'.repeat(30))}` },
    revoked: asToken(revoked.token),
    expired: asToken(expired.token),
    'basic scheme': { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
    'expired cookie': { cookie: expiredCookie, 'x-csrf-token': admin.csrf },
    'tampered cookie': { cookie: tamperedCookie, 'x-csrf-token': admin.csrf },
  };
  for (const route of PROTECTED_ROUTES) {
    for (const [name, headers] of Object.entries(cases)) {
      const res = await t.app.inject({
        method: route.method,
        url: concretePath(route.path),
        headers,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : { bogus: true },
      });
      assert.equal(res.statusCode, 401, `${route.method} ${route.path} with ${name}: ${res.statusCode} ${res.body}`);
      assert.equal(res.json().code, 'unauthorized');
    }
  }
});

test('every route allows or forbids each role exactly as docs/decisions.md (Roles) says', async () => {
  const principals = {
    VIEWER: asUser(viewer),
    VALUER: asUser(valuer),
    ADMIN: asUser(admin),
    TOKEN: asToken(token),
  } as const;
  for (const route of PROTECTED_ROUTES.filter((r) => !r.destructive)) {
    for (const [who, headers] of Object.entries(principals) as [keyof typeof principals, Record<string, string>][]) {
      const res = await t.app.inject({
        method: route.method,
        url: concretePath(route.path),
        headers,
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      if (allows(route.access, who)) {
        assert.ok(
          ![401, 403].includes(res.statusCode),
          `${who} may ${route.method} ${route.path} but got ${res.statusCode} ${res.body}`,
        );
      } else {
        assert.equal(res.statusCode, 403, `${who} must not ${route.method} ${route.path}: ${res.statusCode}`);
        assert.equal(
          res.json().code,
          route.access === 'VALUER_USER' && who === 'TOKEN' ? 'person_required' : 'forbidden',
        );
      }
    }
  }
});

test('logout invalidates the session server-side', async () => {
  const s = await addMember(t, admin, 'VIEWER');
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(s) })).statusCode, 200);
  assert.equal(
    (await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: asUser(s) })).statusCode,
    204,
  );
  // The same (still validly signed, unexpired) cookie no longer works.
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(s) })).statusCode, 401);
});

test('cookie-authenticated POST needs X-CSRF-Token; bearer requests need none', async () => {
  const without = await postToken(t, { cookie: admin.cookie }, 'x');
  assert.equal(without.statusCode, 403);
  assert.equal(without.json().code, 'csrf_failed');
  const wrong = await postToken(t, { cookie: admin.cookie, 'x-csrf-token': 'nope' }, 'x');
  assert.equal(wrong.json().code, 'csrf_failed');
  const withIt = await postToken(t, asUser(admin), 'x');
  assert.equal(withIt.statusCode, 201);
  const bearer = await t.app.inject({ method: 'GET', url: '/api/v1/team', headers: asToken(token) });
  assert.equal(bearer.statusCode, 200);
  // GET with a cookie needs no CSRF token.
  assert.equal(
    (await t.app.inject({ method: 'GET', url: '/api/v1/team', headers: { cookie: admin.cookie } })).statusCode,
    200,
  );
});

test('tenant isolation: another firm gets 404 on ids and never sees them in lists', async () => {
  const other = await signupAdmin(t, 'Other Firm & Co');
  const otherToken = (await createToken(t, other)).token;
  const myToken = await createToken(t, admin, 'mine');
  const byOther = asUser(other);
  assert.equal(
    (await t.app.inject({ method: 'DELETE', url: `/api/v1/settings/api-tokens/${myToken.id}`, headers: byOther }))
      .statusCode,
    404,
  );
  assert.equal(
    (
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/team/${valuer.userId}`,
        headers: byOther,
        payload: { role: 'VIEWER' },
      })
    ).statusCode,
    404,
  );
  assert.equal(
    (await t.app.inject({ method: 'DELETE', url: `/api/v1/team/${viewer.userId}`, headers: byOther })).statusCode,
    404,
  );
  const team = (await t.app.inject({ method: 'GET', url: '/api/v1/team', headers: asToken(otherToken) })).json();
  assert.deepEqual(
    team.map((m: { id: string }) => m.id),
    [other.userId],
  );
  const tokens = (await t.app.inject({ method: 'GET', url: '/api/v1/settings/api-tokens', headers: byOther })).json();
  assert.ok(tokens.every((tk: { id: string }) => tk.id !== myToken.id));
  // The first firm's token still works and still sees its own team.
  assert.equal(
    (await t.app.inject({ method: 'DELETE', url: `/api/v1/settings/api-tokens/${myToken.id}`, headers: asUser(admin) }))
      .statusCode,
    204,
  );
});

test('the OpenAPI document shows bearer and cookie schemes on the right routes', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  assert.ok(doc.components.securitySchemes.bearerAuth);
  assert.ok(doc.components.securitySchemes.cookieAuth);
  assert.deepEqual(doc.paths['/api/v1/team'].get.security, [{ bearerAuth: [] }, { cookieAuth: [] }]);
  assert.deepEqual(doc.paths['/api/v1/team/invite'].post.security, [{ cookieAuth: [] }]);
  assert.deepEqual(doc.paths['/api/v1/health'].get.security, []);
  assert.ok(doc.paths['/api/v1/team'].get.responses['401']);
});

/** A body that passes validation, so only the firm check can answer. */
function validBodyFor(path: string): object {
  if (path.endsWith('/lock')) return { wacc: 12, terminalGrowthRate: 4, rationale: 'x'.repeat(30) };
  if (path.endsWith('/reject') || path.endsWith('/reopen'))
    return { reason: 'A reason long enough to pass validation' };
  return {};
}

test('tenant isolation on engagement routes: another firm gets 404 on every id-bearing route', async () => {
  const { engagementAtGate1, multipart } = await import('../../helpers/engagements.js');
  const pdfUpload = multipart({ kind: 'SUPPORTING' }, { name: 'a.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const copyUpload = multipart({}, { name: 'signed.pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') });
  const e = await engagementAtGate1(t, asToken(token));
  const docs = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/documents`, headers: asToken(token) })
  ).json();
  const other = await signupAdmin(t, 'Snooping Partners');
  const otherToken = (await createToken(t, other)).token;
  for (const route of PROTECTED_ROUTES.filter((r) => r.path.includes(':id'))) {
    const tokenHeaders = asToken(otherToken);
    for (const headers of [asUser(other), tokenHeaders]) {
      const isUpload = route.method === 'POST' && route.path.endsWith('/documents');
      const isSignedCopy = route.method === 'PUT' && route.path.endsWith('/signed-copy');
      const upload = isUpload ? pdfUpload : isSignedCopy ? copyUpload : null;
      const res = await t.app.inject({
        method: route.method,
        url: concretePath(route.path, { id: e.id, docId: docs[0].id }),
        headers: upload ? { ...headers, ...upload.headers } : headers,
        ...(upload
          ? { payload: upload.payload }
          : route.method === 'POST' || route.method === 'PATCH'
            ? { payload: validBodyFor(route.path) }
            : {}),
      });
      // Gates are decided by people, and some ADMIN actions by signed-in ADMINs: a token is refused whatever the id, so nothing about the id leaks.
      const expected =
        (route.access === 'VALUER_USER' || route.access === 'ADMIN_USER') && headers === tokenHeaders ? 403 : 404;
      assert.equal(res.statusCode, expected, `${route.method} ${route.path}: ${res.statusCode} ${res.body}`);
    }
  }
  const list = (await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: asToken(otherToken) })).json();
  assert.deepEqual(list, []);
});

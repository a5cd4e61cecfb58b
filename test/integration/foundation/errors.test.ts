import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asUser, signupAdmin } from '../../helpers/principals.js';
import { SECURITY_HEADERS } from '../../../src/http/plugins/response-headers.js';

let t: TestApp;
before(async () => {
  t = await createTestApp({ env: { BODY_LIMIT_BYTES: '4096' } });
});
after(() => t.close());

function assertProblem(
  res: { statusCode: number; headers: Record<string, unknown>; json(): Record<string, unknown> },
  status: number,
  code: string,
) {
  assert.equal(res.statusCode, status);
  assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
  const body = res.json();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(typeof body.title, 'string');
  assert.equal(typeof body.detail, 'string');
  assert.equal(body.requestId, res.headers['x-request-id']);
  assert.ok(!JSON.stringify(body).includes('    at '), 'no stack trace');
}

test('malformed JSON → 400 malformed_json', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: '{"email": "a@b.c", ',
  });
  assertProblem(res, 400, 'malformed_json');
});

test('a framework error answers the catalogue status of its code: a bad JSON part of a multipart body is 400', async () => {
  // @fastify/multipart raises this one with 406; the code, not the framework, decides the status.
  const boundary = '----vsbadjsonpart';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/reports/verify-file',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload:
      `--${boundary}\r\nContent-Disposition: form-data; name="meta"\r\nContent-Type: application/json\r\n\r\n` +
      `{"not json\r\n--${boundary}--\r\n`,
  });
  assertProblem(res, 400, 'malformed_json');
});

test('wrong content type → 415', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'text/xml' },
    payload: '<login/>',
  });
  assertProblem(res, 415, 'unsupported_media_type');
});

test('oversize body → 413', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(10_000) }),
  });
  assertProblem(res, 413, 'payload_too_large');
  // It says what was too large and the bound it passed (docs/decisions.md, Upload bounds per format).
  assert.match(res.json().detail, /^The request body is larger than the [\d,]+ bytes this operation accepts$/);
});

test('unknown route → 404; validation errors list JSON Pointers; unknown fields rejected', async () => {
  assertProblem(await t.app.inject({ method: 'DELETE', url: '/api/v1/nothing/here' }), 404, 'not_found');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { firmName: 'A', name: 'B', email: 'nope', password: 'short', extra: 1 },
  });
  assertProblem(res, 400, 'validation_failed');
  const paths = (res.json().errors as { path: string }[]).map((e) => e.path).sort();
  assert.deepEqual(paths, ['/email', '/extra', '/firmName', '/password']);
});

test('every answer carries the security headers and a request id: JSON, problem+json, unknown paths, the docs', async () => {
  // The plugin's list (src/http/plugins/response-headers.ts), with the values that matter most pinned here.
  const expected = SECURITY_HEADERS;
  assert.equal(Object.keys(expected).length, 11);
  assert.equal(expected['strict-transport-security'], 'max-age=31536000; includeSubDomains');
  assert.equal(expected['x-content-type-options'], 'nosniff');
  assert.equal(expected['x-frame-options'], 'SAMEORIGIN');
  assert.equal(expected['referrer-policy'], 'no-referrer');
  const answers = [
    await t.app.inject({ method: 'GET', url: '/api/v1/health' }),
    await t.app.inject({ method: 'GET', url: '/api/v1/engagements' }),
    await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' }),
    await t.app.inject({ method: 'GET', url: '/docs/json' }),
  ];
  const ids = new Set<string>();
  for (const res of answers) {
    for (const [name, value] of Object.entries(expected))
      assert.equal(res.headers[name], value, `${res.statusCode} ${name}`);
    assert.match(String(res.headers['x-request-id']), /^req_[0-9A-HJKMNP-TV-Z]{26}$/);
    ids.add(String(res.headers['x-request-id']));
  }
  assert.equal(ids.size, answers.length, 'a fresh id for every request');
  // A caller's X-Request-Id is never taken for ours (docs/decisions.md, Request ids).
  const given = await t.app.inject({
    method: 'GET',
    url: '/api/v1/health',
    headers: { 'x-request-id': 'client-trace-42' },
  });
  assert.match(String(given.headers['x-request-id']), /^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  const problem = await t.app.inject({
    method: 'GET',
    url: '/api/v1/engagements',
    headers: { 'x-request-id': 'client-trace-43' },
  });
  assert.equal(problem.statusCode, 401);
  assert.equal(problem.json().requestId, problem.headers['x-request-id']);
  assert.match(problem.json().requestId, /^req_/);
});

test("a forged X-Request-Id is not the audit entry's request id: ours is, the response names it, the caller's is kept apart", async () => {
  const admin = await signupAdmin(t, 'Forgery Check LLP');
  const forged = 'req_01ARZ3NDEKTSV4RRFFQ69G5FAV';
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/settings/firm',
    headers: asUser(admin, { 'x-request-id': forged }),
    payload: { legalName: 'Forgery Check LLP' },
  });
  assert.equal(res.statusCode, 200, res.body);
  const ours = String(res.headers['x-request-id']);
  assert.notEqual(ours, forged);
  const rows = await t.db.query<{ request_id: string; client_request_id: string | null }>(
    // The sign-up helper's own firm-profile change (its ICAI FRN) is another request, with no caller's id.
    "SELECT request_id, client_request_id FROM audit_events WHERE firm_id = $1 AND action = 'firm.profile_updated' AND client_request_id IS NOT NULL",
    [admin.firmId],
  );
  assert.equal(rows.length, 1);
  assert.equal(rows[0].request_id, ours);
  assert.equal(rows[0].client_request_id, forged);
  const none = await t.db.query('SELECT 1 FROM audit_events WHERE request_id = $1', [forged]);
  assert.equal(none.length, 0, 'the forged id is nowhere in the trail as a request id');
});

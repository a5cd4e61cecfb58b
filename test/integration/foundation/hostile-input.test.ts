// Inputs that used to reach a 500: NUL bytes and unpaired surrogates, malformed ids, malformed
// multipart, an approve with no body, a verify lookup that is not a SHA-256, and a database that
// refuses connections (PostgreSQL only: 503 database_unavailable with Retry-After, then recovery).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp, asToken, asUser, createToken, type Session } from '../../helpers/principals.js';
import { createEngagement } from '../../helpers/engagements.js';
import { usingPostgres } from '../../helpers/db.js';

let t: TestApp, admin: Session, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, admin, bearer } = s));

test('NUL and malformed ids in the path answer 404, as unknown ids do', async () => {
  for (const url of [
    '/api/v1/engagements/%00',
    '/api/v1/engagements/eng_%00/documents',
    '/api/v1/engagements/not-an-id',
    '/api/v1/engagements/eng_01ARZ3NDEKTSV4RRFFQ69G5FAV/documents/%00',
    '/api/v1/settings/webhooks/%00/deliveries',
  ]) {
    const res = await t.app.inject({ method: 'GET', url, headers: url.includes('webhooks') ? asUser(admin) : bearer });
    assert.equal(res.statusCode, 404, `${url}: ${res.body}`);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
  }
  for (const [method, url] of [
    ['PATCH', '/api/v1/team/%00'],
    ['DELETE', '/api/v1/settings/api-tokens/%00'],
    ['POST', '/api/v1/engagements/%00/gates/GATE_1/approve'],
  ] as const) {
    assert.equal((await t.app.inject({ method, url, headers: asUser(admin), payload: {} })).statusCode, 404, url);
  }
});

test('strings with NUL or unpaired surrogates are 400 with a pointer, for every route, and change nothing', async () => {
  const e = await createEngagement(t, bearer);
  const cases: [string, string, Record<string, string>, object, string][] = [
    [
      'POST',
      '/api/v1/team/invite',
      asUser(admin),
      { email: 'x@example.com', name: 'a\u0000b', role: 'VIEWER' },
      '/name',
    ],
    ['POST', '/api/v1/settings/api-tokens', asUser(admin), { name: 'tok\u0000' }, '/name'],
    [
      'POST',
      '/api/v1/settings/webhooks',
      asUser(admin),
      { url: 'https://example.com/h', events: ['engagement.completed'], description: '\u0000' },
      '/description',
    ],
    ['POST', '/api/v1/payments', bearer, { engagementId: `${e.id}\u0000` }, '/engagementId'],
    ['POST', '/api/v1/payments/sandbox/pay', {}, { gateway_order_id: 'order_\u0000' }, '/gateway_order_id'],
    ['POST', '/api/v1/engagements', bearer, { targetEntity: 'Acme \ud800 Ltd', statute: 'FEMA_RBI' }, '/targetEntity'],
    [
      'POST',
      '/api/v1/engagements',
      bearer,
      { targetEntity: 'Acme Ltd', statute: 'FEMA_RBI', ['k\u0000']: 1 },
      '/k\u0000',
    ],
  ];
  const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events');
  for (const [method, url, headers, payload, pointer] of cases) {
    const res = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
    assert.equal(res.json().errors[0].path, pointer, url);
  }
  const q = await t.app.inject({ method: 'GET', url: '/api/v1/engagements?q=a%00b', headers: bearer });
  assert.equal(q.statusCode, 400);
  assert.equal(q.json().errors[0].path, '/query/q');
  const afterCount = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events');
  assert.equal(afterCount[0].n, before[0].n, 'nothing changed');
});

test('a JSON body nested 100,000 deep is 400 saying how deep and where, and changes nothing', async () => {
  const before = (await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: bearer })).json().length;
  const n = 100_000;
  for (const [payload, at] of [
    [`{"targetEntity":${'{"a":'.repeat(n)}1${'}'.repeat(n)}}`, '/targetEntity/a/a/a/a/a/a/a/…'],
    [`{"x":[{"y":${'['.repeat(n)}${']'.repeat(n)}}]}`, '/x/0/y/0/0/0/0/0/…'],
  ] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/engagements',
      headers: { ...bearer, 'content-type': 'application/json' },
      payload,
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    const body = res.json();
    assert.equal(body.code, 'validation_failed');
    assert.equal(
      body.detail,
      `The request body nests deeper than 64 levels, at ${at}; a request body may nest at most 64`,
    );
    assert.deepEqual(body.errors, [{ path: at, message: 'nested deeper than 64 levels' }]);
  }
  // 64 levels are a body like any other: refused by the schema for what it holds, not for its depth.
  const deepest = await t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers: { ...bearer, 'content-type': 'application/json' },
    payload: `{"targetEntity":${'['.repeat(63)}${']'.repeat(63)}}`,
  });
  assert.equal(deepest.statusCode, 400, deepest.body);
  assert.doesNotMatch(deepest.body, /nest/);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: bearer })).json().length,
    before,
  );
});

test('malformed multipart is 400 invalid_multipart', async () => {
  const e = await createEngagement(t, bearer);
  const url = `/api/v1/engagements/${e.id}/documents`;
  const noBoundary = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer, 'content-type': 'multipart/form-data' },
    payload: 'x',
  });
  assert.equal(noBoundary.statusCode, 400, noBoundary.body);
  assert.equal(noBoundary.json().code, 'invalid_multipart');
  const truncated = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer, 'content-type': 'multipart/form-data; boundary=XyZ' },
    payload:
      '--XyZ\r\nContent-Disposition: form-data; name="kind"\r\n\r\nFINANCIALS\r\n--XyZ\r\nContent-Disposition: form-data; name="file"; filename="f.json"\r\n\r\n{"a":',
  });
  assert.equal(truncated.statusCode, 400, truncated.body);
  assert.equal(truncated.json().code, 'invalid_multipart');
});

test('an approve with no body is not a 400; a verify lookup that is not a SHA-256 is', async () => {
  const e = await createEngagement(t, bearer);
  const approve = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/gates/GATE_1/approve`,
    headers: asUser(admin),
  });
  assert.equal(approve.statusCode, 409, approve.body);
  assert.equal(approve.json().code, 'invalid_transition');
  const verify = await t.app.inject({ method: 'GET', url: '/api/v1/reports/verify/abc' });
  assert.equal(verify.statusCode, 400);
  assert.equal(verify.json().errors[0].path, '/params/sha256');
});

test(
  'database refusing connections: 503 database_unavailable with Retry-After, then recovery by itself',
  { skip: usingPostgres() ? false : 'needs PostgreSQL (TEST_DATABASE_URL) to refuse connections' },
  async () => {
    const dbName = new URL(t.testDb.url!).pathname.slice(1);
    const adminClient = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await adminClient.connect();
    try {
      assert.equal(
        (await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: bearer })).statusCode,
        200,
      );
      await adminClient.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS false`);
      await adminClient.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      const down = await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: bearer });
      assert.equal(down.statusCode, 503, down.body);
      assert.equal(down.json().code, 'database_unavailable');
      assert.ok(Number(down.headers['retry-after']) > 0);
    } finally {
      await adminClient.query(`ALTER DATABASE ${dbName} ALLOW_CONNECTIONS true`);
      await adminClient.end();
    }
    const until = Date.now() + 5000;
    let status = 0;
    while (Date.now() < until && status !== 200)
      status = (await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: bearer })).statusCode;
    assert.equal(status, 200, 'recovers by itself');
  },
);

test(
  'the database kills every connection: the next GET is retried once, transparently, and succeeds',
  { skip: usingPostgres() ? false : 'needs PostgreSQL (TEST_DATABASE_URL) to terminate backends' },
  async () => {
    const dbName = new URL(t.testDb.url!).pathname.slice(1);
    const adminClient = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await adminClient.connect();
    try {
      for (const round of [1, 2, 3]) {
        // A token not used yet (not cached), so authentication too must reach the database.
        const fresh = await createToken(t, admin, `after-kill-${round}`);
        // Warm the pool (several connections), then have the server terminate every one of them.
        await Promise.all(
          [1, 2, 3, 4].map(() => t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: bearer })),
        );
        const killed = await adminClient.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [dbName],
        );
        assert.ok(killed.rowCount! > 0);
        const res = await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: asToken(fresh.token) });
        assert.equal(res.statusCode, 200, `round ${round}: ${res.body}`);
        const again = await adminClient.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [dbName],
        );
        assert.ok(again.rowCount! > 0);
        const read = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(admin) });
        assert.equal(read.statusCode, 200, `round ${round}, a session read: ${read.body}`);
      }
    } finally {
      await adminClient.end();
    }
  },
);

test('a render job that fails for good marks its report FAILED, with the reason, instead of leaving it GENERATING', async () => {
  const { enqueueReport } = await import('../../../src/features/reports/report-render.service.js');
  const e = await createEngagement(t, bearer);
  // No locked assumptions and no valuation: the render cannot succeed.
  await t.db.transaction((tx) => enqueueReport(tx, admin.firmId, e.id, 'DRAFT'));
  await t.worker.drain();
  const status = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report/status`, headers: bearer })
  ).json();
  assert.equal(status.status, 'FAILED');
  assert.match(status.error, /locked assumptions/);
});

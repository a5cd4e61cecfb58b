import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createTestApp, testConfig, type TestApp } from '../../helpers/app.js';
import { usingPostgres, createTestDatabase } from '../../helpers/db.js';
import { startTcpProxy } from '../../helpers/tcp-proxy.js';
import { buildApp } from '../../../src/app.js';
import { createLogger } from '../../../src/lib/logger.js';
import { openPostgres } from '../../../src/db/client.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(async () => {
  await t.close();
});

test('health answers 200 with three strings and a request id', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'probe-1' } });
  assert.equal(res.statusCode, 200);
  const body = res.json();
  assert.deepEqual(Object.keys(body).sort(), ['database', 'status', 'timestamp']);
  for (const v of Object.values(body)) assert.equal(typeof v, 'string');
  assert.equal(body.status, 'ok');
  assert.ok(!Number.isNaN(Date.parse(body.timestamp)));
  // Our own id, never the caller's (docs/decisions.md, Request ids).
  assert.match(String(res.headers['x-request-id']), /^req_/);
});

test('openapi.json is a valid OpenAPI 3.1 document and /docs renders', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
  assert.equal(res.statusCode, 200);
  const doc = res.json();
  assert.equal(doc.openapi, '3.1.0');
  const result = await new Validator().validate(doc);
  assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  assert.ok(doc.paths['/api/v1/health'].get);
  const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
  assert.equal(docs.statusCode, 200);
  assert.match(docs.body, /swagger-ui/i);
});

test('unknown route answers 404 problem+json', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/no-such-thing' });
  assert.equal(res.statusCode, 404);
  assert.match(String(res.headers['content-type']), /application\/problem\+json/);
  const body = res.json();
  assert.equal(body.code, 'not_found');
  assert.equal(body.status, 404);
  assert.equal(body.requestId, res.headers['x-request-id']);
});

test('health answers 503 when the database is really gone', async () => {
  if (usingPostgres()) {
    // Route the app through a TCP proxy to the test database, then cut the proxy.
    const testDb = await createTestDatabase();
    const url = new URL(testDb.url!);
    const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
    const proxied = new URL(testDb.url!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const db = openPostgres(proxied.toString());
    const app = await buildApp({ db, config: testConfig(), log: createLogger('silent') });
    try {
      assert.equal((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode, 200);
      await proxy.stop();
      const down = await app.inject({ method: 'GET', url: '/api/v1/health' });
      assert.equal(down.statusCode, 503);
      assert.equal(down.json().status, 'unhealthy');
      assert.equal(down.json().database, 'down');
      await proxy.start();
      // The pool drops dead connections and reconnects on the next query.
      let status = 0;
      for (let i = 0; i < 20 && status !== 200; i++) {
        status = (await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      assert.equal(status, 200);
    } finally {
      await app.close();
      await proxy.stop().catch(() => {});
      await db.close();
      await testDb.drop();
    }
  } else {
    const testDb = await createTestDatabase();
    const app = await buildApp({ db: testDb.db, config: testConfig(), log: createLogger('silent') });
    assert.equal((await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode, 200);
    await testDb.db.close();
    const down = await app.inject({ method: 'GET', url: '/api/v1/health' });
    assert.equal(down.statusCode, 503);
    assert.deepEqual(Object.keys(down.json()).sort(), ['database', 'status', 'timestamp']);
    await app.close();
  }
});

// /metrics, /livez and /readyz (docs/operations.md, Metrics and Probes), scraped and parsed strictly.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, testConfig, type TestApp } from '../../helpers/app.js';
import { createTestDatabase, usingPostgres } from '../../helpers/db.js';
import { asToken, asUser, createToken, signupAdmin } from '../../helpers/principals.js';
import { engagementAtGate1 } from '../../helpers/engagements.js';
import { startReceiver, type Receiver } from '../../helpers/webhook-receiver.js';
import { parsePrometheusText, sampleValue, type Family } from '../../helpers/prometheus.js';
import { buildApp } from '../../../src/app.js';
import { createLogger } from '../../../src/lib/logger.js';
import { enqueue } from '../../../src/features/platform/job-queue.repository.js';

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
let t: TestApp;
let plain: TestApp;
let rx: Receiver;
before(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN } });
  plain = await createTestApp();
  rx = await startReceiver();
});
after(async () => {
  await rx.close();
  await t.close();
  await plain.close();
});

async function scrape(app: TestApp = t): Promise<Map<string, Family>> {
  const res = await app.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.body);
}

test('metrics are off by default: /metrics is a 404 like any unknown path', async () => {
  const res = await plain.app.inject({ method: 'GET', url: '/metrics' });
  assert.equal(res.statusCode, 404);
});

test('with METRICS_TOKEN, /metrics answers only the bearer of that token', async () => {
  for (const authorization of [
    undefined,
    'Bearer wrong-token-0123456789abcdef',
    `Basic ${METRICS_TOKEN}`,
    `Bearer ${METRICS_TOKEN}x`,
  ]) {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    assert.equal(res.statusCode, 401, String(authorization));
    assert.match(String(res.headers['content-type']), /application\/problem\+json/);
    assert.equal(res.headers['www-authenticate'], 'Bearer realm="metrics"');
    assert.doesNotMatch(res.body, /http_requests_total/);
  }
  await scrape();
});

test('the request histogram counts a request by its route pattern and status, never its raw URL', async () => {
  const before = await scrape();
  const labels = { method: 'GET', route: '/api/v1/engagements/:id', status: '401' };
  const countBefore = sampleValue(before, 'http_requests_total', labels) ?? 0;
  const histBefore = sampleValue(before, 'http_request_duration_seconds_count', labels) ?? 0;
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/engagements/eng_01JZZZZZZZZZZZZZZZZZZZZZZZ?probe=raw-url-marker',
  });
  assert.equal(res.statusCode, 401);
  const res2 = await t.app.inject({ method: 'GET', url: '/no/such/path-raw-url-marker' });
  assert.equal(res2.statusCode, 404);

  const after = await scrape();
  assert.equal(sampleValue(after, 'http_requests_total', labels), countBefore + 1);
  assert.equal(sampleValue(after, 'http_request_duration_seconds_count', labels), histBefore + 1);
  assert.ok((sampleValue(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' }) ?? 0) >= 1);
  assert.ok((sampleValue(after, 'http_requests_total', { route: '(unmatched)', status: '404' }) ?? 0) >= 1);
  const text = [...after.values()].flatMap((f) => f.samples.map((s) => JSON.stringify(s.labels))).join('\n');
  assert.doesNotMatch(text, /raw-url-marker|eng_01J/, 'no raw URL or id becomes a label');
  assert.equal(after.get('http_request_duration_seconds')?.type, 'histogram');
  assert.equal(after.get('http_requests_total')?.type, 'counter');
});

test('the queue depth per kind is read at scrape time and moves when a job is enqueued', async () => {
  const kind = 'compute-valuation';
  const before = await scrape();
  assert.equal(before.get('valuation_job_queue_depth')?.type, 'gauge');
  const depth0 = sampleValue(before, 'valuation_job_queue_depth', { kind });
  assert.equal(typeof depth0, 'number', 'every known kind is reported, even when idle');
  const id = await t.db.transaction((tx) =>
    enqueue(tx, kind, { firmId: 'frm_metrics', engagementId: 'eng_metrics' }, { runAt: new Date(Date.now() - 5000) }),
  );
  try {
    const after = await scrape();
    assert.equal(sampleValue(after, 'valuation_job_queue_depth', { kind }), depth0! + 1);
    assert.ok(
      sampleValue(after, 'valuation_job_queue_oldest_age_seconds', { kind })! >= 4,
      'the oldest due job waited about 5 s',
    );
    assert.equal(sampleValue(after, 'valuation_database_up'), 1);
    assert.equal(typeof sampleValue(after, 'valuation_outbox_lag_seconds'), 'number');
    assert.equal(typeof sampleValue(after, 'valuation_job_queue_scheduled', { kind: 'dispatch-outbox' }), 'number');
  } finally {
    await t.db.query('DELETE FROM jobs WHERE id = $1', [id]);
  }
  assert.equal(sampleValue(await scrape(), 'valuation_job_queue_depth', { kind }), depth0);
});

test('ingestion and render durations, webhook outcomes and the outbox lag follow an engagement to GATE_1', async () => {
  const admin = await signupAdmin(t, 'Metrics Valuers LLP');
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/v1/settings/webhooks',
    headers: asUser(admin),
    payload: { url: rx.url('/hooks'), events: ['engagement.stage_changed'] },
  });
  assert.equal(hook.statusCode, 201, hook.body);
  const bearer = asToken((await createToken(t, admin)).token);
  const before = await scrape();
  const delivered0 = sampleValue(before, 'valuation_webhook_delivery_attempts_total', { outcome: 'DELIVERED' }) ?? 0;
  await engagementAtGate1(t, bearer);
  // A stage change was written to the outbox and not yet dispatched: the lag is its age.
  const pending = await scrape();
  assert.ok((sampleValue(pending, 'valuation_outbox_undispatched') ?? 0) >= 0);
  await t.worker.drain();

  const after = await scrape();
  assert.equal(sampleValue(after, 'valuation_financials_ingestion_duration_seconds_count', { outcome: 'accepted' }), 1);
  assert.equal(
    sampleValue(after, 'valuation_report_render_duration_seconds_count', { kind: 'DRAFT', outcome: 'rendered' }),
    1,
  );
  assert.ok(
    sampleValue(after, 'valuation_report_render_duration_seconds_sum', { kind: 'DRAFT', outcome: 'rendered' })! > 0,
  );
  assert.ok(rx.received.length > 0, 'the receiver heard the stage changes');
  assert.equal(
    sampleValue(after, 'valuation_webhook_delivery_attempts_total', { outcome: 'DELIVERED' }),
    delivered0 + rx.received.length,
  );
  assert.equal(sampleValue(after, 'valuation_outbox_undispatched'), 0);
  assert.equal(sampleValue(after, 'valuation_outbox_lag_seconds'), 0);
});

test('the database pool is reported where the driver exposes it (PostgreSQL)', async () => {
  const families = await scrape();
  if (usingPostgres()) {
    assert.equal(sampleValue(families, 'valuation_db_pool_max'), 20);
    assert.equal(typeof sampleValue(families, 'valuation_db_pool_connections', { state: 'idle' }), 'number');
  } else {
    assert.equal(sampleValue(families, 'valuation_db_pool_max'), undefined, 'PGlite has no pool');
  }
});

test('/livez and /readyz answer 200 on a healthy, migrated service; /api/v1/health is unchanged', async () => {
  const live = await plain.app.inject({ method: 'GET', url: '/livez' });
  assert.equal(live.statusCode, 200);
  assert.deepEqual(live.json(), { status: 'ok' });
  const ready = await plain.app.inject({ method: 'GET', url: '/readyz' });
  assert.equal(ready.statusCode, 200, ready.body);
  assert.equal(ready.json().status, 'ready');
  assert.deepEqual(ready.json().pendingMigrations, []);
  const health = await plain.app.inject({ method: 'GET', url: '/api/v1/health' });
  assert.deepEqual(Object.keys(health.json()).sort(), ['database', 'status', 'timestamp']);
  const doc = (await plain.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  for (const path of ['/livez', '/readyz', '/metrics'])
    assert.equal(doc.paths[path], undefined, `${path} stays out of the published document`);
});

test('/readyz is 503 while a migration of this build is not applied', async () => {
  const row = (
    await plain.db.query<{ version: string; checksum: string }>(
      `SELECT version, checksum FROM schema_migrations ORDER BY version DESC LIMIT 1`,
    )
  )[0];
  await plain.db.query('DELETE FROM schema_migrations WHERE version = $1', [row.version]);
  try {
    const res = await plain.app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(res.statusCode, 503);
    assert.equal(res.json().status, 'unready');
    assert.equal(res.json().database, 'up');
    assert.deepEqual(res.json().pendingMigrations, [row.version]);
  } finally {
    await plain.db.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [
      row.version,
      row.checksum,
    ]);
  }
});

test('with the database gone, /livez stays 200 (it never touches it) and /readyz is 503', async () => {
  const testDb = await createTestDatabase();
  const app = await buildApp({
    db: testDb.db,
    config: testConfig({ METRICS_ENABLED: 'true' }),
    log: createLogger('silent'),
  });
  try {
    await app.ready();
    await testDb.db.close();
    assert.equal((await app.inject({ method: 'GET', url: '/livez' })).statusCode, 200);
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.json().database, 'down');
    // METRICS_ENABLED without a token serves /metrics openly; a scrape still answers, saying the database is down.
    const res = await app.inject({ method: 'GET', url: '/metrics' });
    assert.equal(res.statusCode, 200);
    assert.equal(sampleValue(parsePrometheusText(res.body), 'valuation_database_up'), 0);
  } finally {
    await app.close();
    await testDb.drop().catch(() => {});
  }
});

test('scrapes in quick succession never export NaN (the event-loop lag gauges have no sample between them)', async () => {
  const m = await createTestApp({ env: { METRICS_ENABLED: 'true' } });
  try {
    // Scrapes at once: all but the first find the histogram just reset, with no sample in it.
    const scrapes = await Promise.all(
      Array.from({ length: 10 }, () => m.app.inject({ method: 'GET', url: '/metrics' })),
    );
    for (const [i, res] of scrapes.entries()) {
      assert.equal(res.statusCode, 200);
      // prom-client prints NaN as "Nan", and an empty histogram's minimum as its int64 sentinel.
      assert.doesNotMatch(res.body, / nan$/im, `scrape ${i}`);
      assert.doesNotMatch(res.body, /^nodejs_eventloop_lag_min_seconds 9223372036\.85/m, `scrape ${i}`);
      assert.ok(
        parsePrometheusText(res.body).has('nodejs_eventloop_lag_mean_seconds'),
        'the family is still described',
      );
    }
  } finally {
    await m.close();
  }
});

// Idempotency-Key is stored by the business write's own transaction: force the write of the key to fail
// (a trigger that raises at exactly that point) and nothing of the request survives — no engagement, no
// audit entry, no key; the retry with the same key then succeeds once and replays after. Concurrent
// requests with one key create one engagement. Payments honour the key too.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';

let t: TestApp;
let bearer: Record<string, string>;
before(async () => {
  t = await createTestApp();
  const admin = await signupAdmin(t, 'Idempotent Valuers LLP');
  bearer = asToken((await createToken(t, admin)).token);
});
after(() => t.close());

const create = (body: Record<string, unknown>, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers: { ...bearer, 'idempotency-key': key },
    payload: body,
  });
const count = async (sql: string, params: unknown[]) => (await t.db.query<{ n: number }>(sql, params))[0].n;

test('a failure at the point the key is recorded rolls the whole request back; the retry then succeeds once', async () => {
  const body = { targetEntity: 'Rollback Point Industries Ltd', statute: 'COMPANIES_ACT_SEC_62' };
  await t.db.query(`CREATE FUNCTION fail_idempotency_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'forced failure between the business write and the idempotency record'; END $$`);
  // Fires where the response is recorded (an insert or update carrying it), whichever way that is written.
  await t.db.query(`CREATE TRIGGER fail_idempotency_write BEFORE INSERT OR UPDATE ON idempotency_keys
    FOR EACH ROW WHEN (NEW.response_status IS NOT NULL) EXECUTE FUNCTION fail_idempotency_write()`);
  let failed;
  try {
    failed = await create(body, 'rollback-1');
  } finally {
    await t.db.query('DROP TRIGGER fail_idempotency_write ON idempotency_keys');
    await t.db.query('DROP FUNCTION fail_idempotency_write()');
  }
  assert.equal(failed.statusCode, 500, failed.body);
  assert.equal(
    await count('SELECT count(*)::int AS n FROM engagements WHERE target_entity = $1', [body.targetEntity]),
    0,
    'no engagement',
  );
  assert.equal(
    await count(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'engagement.created' AND request_id = $1`, [
      failed.json().requestId,
    ]),
    0,
    'no audit entry',
  );
  assert.equal(
    await count('SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1', ['rollback-1']),
    0,
    'no key left behind',
  );

  const retry = await create(body, 'rollback-1');
  assert.equal(retry.statusCode, 201, 'the retry is not refused as "in progress"');
  const replay = await create(body, 'rollback-1');
  assert.equal(replay.headers['idempotent-replayed'], 'true');
  assert.deepEqual(replay.json(), retry.json());
  assert.equal(
    await count('SELECT count(*)::int AS n FROM engagements WHERE target_entity = $1', [body.targetEntity]),
    1,
  );
});

test('eight concurrent requests with one key create one engagement and all answer with it', async () => {
  const body = { targetEntity: 'Concurrent Key Industries Ltd', statute: 'RULE_11UA' };
  const answers = await Promise.all(Array.from({ length: 8 }, () => create(body, 'concurrent-1')));
  const ok = answers.filter((a) => a.statusCode === 201);
  assert.ok(ok.length >= 1);
  for (const a of answers)
    assert.ok(a.statusCode === 201 || (a.statusCode === 409 && a.json().code === 'idempotency_in_progress'), a.body);
  assert.equal(new Set(ok.map((a) => a.json().id)).size, 1, 'one engagement id in every answer');
  assert.equal(
    await count('SELECT count(*)::int AS n FROM engagements WHERE target_entity = $1', [body.targetEntity]),
    1,
  );
});

test('a payment order with a key is created once and replayed', async () => {
  const e = (await create({ targetEntity: 'Paying Key Ltd', statute: 'FEMA_RBI' }, 'pay-engagement')).json();
  const pay = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/payments',
      headers: { ...bearer, 'idempotency-key': 'pay-1' },
      payload: { engagementId: e.id },
    });
  const first = await pay();
  assert.equal(first.statusCode, 200, first.body);
  const again = await pay();
  assert.equal(again.headers['idempotent-replayed'], 'true');
  assert.equal(again.json().id, first.json().id);
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/v1/payments',
    headers: { ...bearer, 'idempotency-key': 'pay-1' },
    payload: { engagementId: 'eng_01M835VC43RMPC5RH4D8B73W4T' },
  });
  assert.equal(other.statusCode, 409);
  assert.equal(other.json().code, 'idempotency_conflict');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { adminTokenApp, asToken, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import {
  createEngagement,
  lock,
  multipart,
  upload,
  uploadFixture,
  VALID_ASSUMPTIONS,
} from '../../helpers/engagements.js';
import { applyTransition } from '../../../src/features/engagements/engagement-transitions.service.js';
import {
  ENGAGEMENT_ACTIONS,
  ENGAGEMENT_STATUSES,
  type EngagementStatus,
} from '../../../src/domain/engagement/state-machine.js';
import { AppError } from '../../../src/lib/errors.js';
import { SYSTEM_ACTOR } from '../../../src/features/platform/audit.repository.js';

let t: TestApp, admin: Session, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, admin, bearer } = s));

const post = (url: string, payload: unknown, headers = bearer) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

test('engagement creation bounds: at, inside and outside each limit, with JSON Pointers', async () => {
  const base = { targetEntity: 'Ab', statute: 'FEMA_RBI' };
  const cases: [Record<string, unknown>, number, string?][] = [
    [{ ...base, targetEntity: 'A' }, 400, '/targetEntity'],
    [{ ...base, targetEntity: ' A ' }, 400, '/targetEntity'],
    [{ ...base, targetEntity: 'Ab' }, 201],
    [{ ...base, targetEntity: 'x'.repeat(200) }, 201],
    [{ ...base, targetEntity: 'x'.repeat(201) }, 400, '/targetEntity'],
    [{ ...base, statute: 'COMPANIES_ACT' }, 400, '/statute'],
    [{ targetEntity: 'Ab' }, 400, '/statute'],
    [{ statute: 'RULE_11UA' }, 400, '/targetEntity'],
    [{ ...base, cin: 'u28100mh2015ptc123456' }, 201],
    [{ ...base, cin: 'U28100MH2015PTC12345' }, 400, '/cin'],
    [{ ...base, cin: 'X28100MH2015PTC123456' }, 400, '/cin'],
    [{ ...base, purpose: 'ISSUE_OF_SHARES' }, 400, '/purpose'],
    [{ ...base, purpose: 'TRANSFER_NON_RESIDENT_TO_RESIDENT' }, 201],
    [{ ...base, colour: 'blue' }, 400, '/colour'],
  ];
  for (const [body, status, pointer] of cases) {
    const res = await post('/api/v1/engagements', body);
    assert.equal(res.statusCode, status, `${JSON.stringify(body)} → ${res.body}`);
    if (pointer)
      assert.ok(
        res.json().errors.some((e: { path: string }) => e.path === pointer),
        `${pointer} in ${res.body}`,
      );
  }
  const stored = await post('/api/v1/engagements', { ...base, cin: 'u28100mh2015ptc123456' });
  assert.equal(stored.json().cin, 'U28100MH2015PTC123456');
});

test('assumption bounds: wacc 0.01–50, growth 0–15, rationale ≥ 20, growth below wacc', async () => {
  const r = VALID_ASSUMPTIONS.rationale;
  const cases: [Record<string, unknown>, number, string?][] = [
    [{ wacc: 0.009, terminalGrowthRate: 0, rationale: r }, 400, '/wacc'],
    [{ wacc: 50.01, terminalGrowthRate: 4, rationale: r }, 400, '/wacc'],
    [{ wacc: 20, terminalGrowthRate: -0.01, rationale: r }, 400, '/terminalGrowthRate'],
    [{ wacc: 20, terminalGrowthRate: 15.01, rationale: r }, 400, '/terminalGrowthRate'],
    [{ wacc: 12, terminalGrowthRate: 4, rationale: 'x'.repeat(19) }, 400, '/rationale'],
    [{ wacc: 12, terminalGrowthRate: 12, rationale: r }, 400, '/terminalGrowthRate'],
    [{ wacc: 12, terminalGrowthRate: 13, rationale: r }, 400, '/terminalGrowthRate'],
    [{ wacc: '12', terminalGrowthRate: 4, rationale: r }, 400, '/wacc'],
    [{ terminalGrowthRate: 4, rationale: r }, 400, '/wacc'],
    [{ wacc: 12, terminalGrowthRate: 4, rationale: r, beta: 1 }, 400, '/beta'],
    [{ wacc: 0.01, terminalGrowthRate: 0, rationale: 'x'.repeat(20) }, 200],
    [{ wacc: 50, terminalGrowthRate: 15, rationale: r }, 200],
    [{ wacc: 20, terminalGrowthRate: 15, rationale: r }, 200],
  ];
  for (const [body, status, pointer] of cases) {
    const e = await createEngagement(t, bearer);
    const res = await lock(t, bearer, e.id, body);
    assert.equal(res.statusCode, status, `${JSON.stringify(body)} → ${res.body}`);
    if (pointer)
      assert.ok(
        res.json().errors.some((x: { path: string }) => x.path === pointer),
        `${pointer} in ${res.body}`,
      );
  }
});

test('the spec examples of 401 and 404 hold', async () => {
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/engagements' })).statusCode, 401);
  assert.equal(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/engagements',
        payload: { targetEntity: 'Ab', statute: 'RULE_11UA' },
      })
    ).statusCode,
    401,
  );
  assert.equal(
    (await t.app.inject({ method: 'POST', url: '/api/v1/engagements', payload: { nonsense: true } })).statusCode,
    401,
    'auth before validation',
  );
  for (const id of ['eng_01ARZ3NDEKTSV4RRFFQ69G5FAV', 'not-an-id', '%20']) {
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: bearer })).statusCode,
      404,
    );
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/assumptions`, headers: bearer })).statusCode,
      404,
    );
  }
  const e = await createEngagement(t, bearer);
  assert.deepEqual(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/assumptions`, headers: bearer })).json(),
    { locked: false },
  );
  const other = await signupAdmin(t, 'Rival Valuers');
  const otherBearer = asToken((await createToken(t, other)).token);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: otherBearer })).statusCode,
    404,
  );
  assert.equal((await lock(t, otherBearer, e.id)).statusCode, 404);
  assert.ok(
    !(await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers: otherBearer })).body.includes(e.id),
  );
});

// The lifecycle of docs/decisions.md written out independently of the state-machine module.
const ALLOWED: Record<string, EngagementStatus> = {
  'CREATED/UPLOAD_FINANCIALS': 'DATA_INGESTING',
  'DATA_READY/UPLOAD_FINANCIALS': 'DATA_INGESTING',
  'DATA_INGESTING/INGEST_SUCCEEDED': 'DATA_READY',
  'DATA_INGESTING/INGEST_REJECTED': 'CREATED',
  'DATA_READY/START_COMPUTATION': 'COMPUTING',
  'COMPUTING/COMPUTATION_SUCCEEDED': 'GATE_1',
  'COMPUTING/COMPUTATION_FAILED': 'FAILED',
  'GATE_1/APPROVE_GATE_1': 'GATE_2',
  'GATE_2/APPROVE_GATE_2': 'GATE_3',
  'GATE_3/APPROVE_GATE_3': 'COMPLETED',
  'GATE_1/REJECT_GATE': 'FAILED',
  'GATE_2/REJECT_GATE': 'FAILED',
  'GATE_3/REJECT_GATE': 'FAILED',
  // A gate's REVISE outcome returns the engagement for revision.
  'GATE_1/RETURN_FOR_REVISION': 'DATA_READY',
  'GATE_2/RETURN_FOR_REVISION': 'DATA_READY',
  'GATE_3/RETURN_FOR_REVISION': 'DATA_READY',
  // An ADMIN reopens a FAILED engagement (POST …/reopen).
  'FAILED/REOPEN': 'DATA_READY',
};

test('every action from every one of the nine states: only the documented transitions succeed, the rest → 409', async () => {
  const e = await createEngagement(t, bearer);
  let checked = 0;
  for (const from of ENGAGEMENT_STATUSES) {
    for (const action of ENGAGEMENT_ACTIONS) {
      await t.db.query('UPDATE engagements SET status = $2, status_before_upload = NULL WHERE id = $1', [e.id, from]);
      const expected = ALLOWED[`${from}/${action}`];
      try {
        const row = await t.db.transaction((tx) => applyTransition(tx, admin.firmId, e.id, action, SYSTEM_ACTOR));
        assert.ok(expected, `${from} --${action}--> ${row.status} should have been refused`);
        assert.equal(row.status, expected);
      } catch (err) {
        if (expected) throw err;
        assert.ok(
          err instanceof AppError && err.status === 409 && err.code === 'invalid_transition',
          `${from}/${action}: ${err}`,
        );
      }
      checked++;
    }
  }
  assert.equal(checked, 9 * ENGAGEMENT_ACTIONS.length);
  // Through the API too: upload and lock are refused once computing has started.
  await t.db.query(`UPDATE engagements SET status = 'COMPUTING' WHERE id = $1`, [e.id]);
  const up = await uploadFixture(t, bearer, e.id);
  assert.equal(up.statusCode, 409);
  const l = await lock(t, bearer, e.id);
  assert.equal(l.statusCode, 409);
  assert.equal(l.json().code, 'invalid_transition');
});

test('20 concurrent lock requests: exactly one 200, the rest 409, one audit entry', async () => {
  const e = await createEngagement(t, bearer);
  const results = await Promise.all(Array.from({ length: 20 }, () => lock(t, bearer, e.id)));
  const codes = results.map((r) => r.statusCode);
  assert.equal(codes.filter((c) => c === 200).length, 1, codes.join(','));
  assert.equal(codes.filter((c) => c === 409).length, 19);
  assert.ok(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'already_locked'));
  const [{ n }] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_events WHERE engagement_id = $1 AND action = 'assumptions.locked'`,
    [e.id],
  );
  assert.equal(n, 1);
});

test('a failure forced after the status write leaves neither the status, the audit entry nor the events behind', async () => {
  const e = await createEngagement(t, bearer);
  const count = async (table: string) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE engagement_id = $1`, [e.id]))[0].n;
  const before = { audit: await count('audit_events'), outbox: await count('outbox_events') };
  await assert.rejects(
    t.db.transaction(async (tx) => {
      const row = await applyTransition(tx, admin.firmId, e.id, 'UPLOAD_FINANCIALS', SYSTEM_ACTOR);
      assert.equal(row.status, 'DATA_INGESTING');
      throw new Error('forced failure after the status write');
    }),
    /forced failure/,
  );
  const [row] = await t.db.query<{ status: string; event_sequence: number }>(
    'SELECT status, event_sequence FROM engagements WHERE id = $1',
    [e.id],
  );
  assert.equal(row.status, 'CREATED');
  assert.equal(row.event_sequence, 0);
  assert.equal(await count('audit_events'), before.audit);
  assert.equal(await count('outbox_events'), before.outbox);
});

test('250 engagements paged with limit=20: each exactly once, newest first; the status filter holds; a forged cursor → 400', async () => {
  const t2 = await createTestApp();
  try {
    const a = await signupAdmin(t2);
    const b = asToken((await createToken(t2, a)).token);
    const ids: string[] = [];
    for (let i = 0; i < 250; i++)
      ids.push(
        (
          await createEngagement(t2, b, {
            targetEntity: `Company ${i}`,
            statute: 'FEMA_RBI',
            cin: undefined,
            purpose: undefined,
          })
        ).id,
      );
    await t2.db.query(`UPDATE engagements SET status = 'DATA_READY' WHERE id = ANY($1)`, [
      ids.filter((_, i) => i % 3 === 0),
    ]);
    const seen: string[] = [];
    let url: string | null = '/api/v1/engagements?limit=20';
    let pages = 0;
    while (url) {
      const res: import('light-my-request').Response = await t2.app.inject({ method: 'GET', url, headers: b });
      assert.equal(res.statusCode, 200);
      seen.push(...res.json().map((x: { id: string }) => x.id));
      const link = res.headers.link as string | undefined;
      url = link ? /<([^>]+)>; rel="next"/.exec(link)![1] : null;
      pages++;
    }
    assert.equal(pages, 13);
    assert.equal(seen.length, 250);
    assert.equal(new Set(seen).size, 250);
    assert.deepEqual(seen, [...ids].reverse());
    const filtered: string[] = [];
    url = '/api/v1/engagements?limit=20&status=DATA_READY';
    while (url) {
      const res = await t2.app.inject({ method: 'GET', url, headers: b });
      for (const x of res.json()) {
        assert.equal(x.status, 'DATA_READY');
        filtered.push(x.id);
      }
      const link = res.headers.link as string | undefined;
      url = link ? /<([^>]+)>; rel="next"/.exec(link)![1] : null;
    }
    assert.equal(filtered.length, 84);
    for (const bad of [
      'forged',
      Buffer.from('eng_nope').toString('base64url'),
      Buffer.from("' OR 1=1 --").toString('base64url'),
    ]) {
      const res = await t2.app.inject({ method: 'GET', url: `/api/v1/engagements?cursor=${bad}`, headers: b });
      assert.equal(res.statusCode, 400, bad);
      assert.equal(res.json().code, 'invalid_cursor');
    }
    assert.equal(
      (await t2.app.inject({ method: 'GET', url: '/api/v1/engagements?status=DONE', headers: b })).statusCode,
      400,
    );
    assert.equal(
      (await t2.app.inject({ method: 'GET', url: '/api/v1/engagements?limit=201', headers: b })).statusCode,
      400,
    );
  } finally {
    await t2.close();
  }
});

test('a 26 MiB upload → 413 and a renamed executable → 415, with nothing stored', async () => {
  const e = await createEngagement(t, bearer);
  const counts = async () =>
    (
      await t.db.query<{ d: number; b: number }>(
        `SELECT (SELECT count(*)::int FROM documents WHERE engagement_id = $1) AS d, (SELECT count(*)::int FROM blobs) AS b`,
        [e.id],
      )
    )[0];
  const before = await counts();
  const big = Buffer.alloc(26 * 1024 * 1024, 0x31);
  const tooBig = await upload(t, bearer, e.id, 'SUPPORTING', 'big.csv', big);
  assert.equal(tooBig.statusCode, 413, tooBig.body);
  assert.equal(tooBig.json().code, 'payload_too_large');
  assert.equal(tooBig.json().detail, 'The uploaded file is larger than the 25.0 MiB an upload may be');
  const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(4096, 0)]);
  const exe = await upload(t, bearer, e.id, 'FINANCIALS', 'financials.csv', elf);
  assert.equal(exe.statusCode, 415, exe.body);
  assert.equal(exe.json().code, 'unsupported_media_type');
  assert.deepEqual(await counts(), before);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: bearer })).json().status,
    'CREATED',
  );
  const noKind = multipart({}, { name: 'x.pdf', data: Buffer.from('%PDF-1.4\n') });
  const missing = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${e.id}/documents`,
    headers: { ...bearer, ...noKind.headers },
    payload: noKind.payload,
  });
  assert.equal(missing.statusCode, 400);
  assert.equal(missing.json().errors[0].path, '/kind');
});

test('supporting PDFs are stored, hashed and downloadable byte for byte', async () => {
  const e = await createEngagement(t, bearer);
  const pdf = Buffer.from('%PDF-1.4\n% board resolution\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const up = await upload(t, bearer, e.id, 'SUPPORTING', 'board resolution.pdf', pdf);
  assert.equal(up.statusCode, 201);
  assert.equal(up.json().status, 'STORED');
  assert.equal(up.json().contentType, 'application/pdf');
  const content = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${e.id}/documents/${up.json().id}/content`,
    headers: bearer,
  });
  assert.equal(content.statusCode, 200);
  assert.deepEqual(content.rawPayload, pdf);
  // A PDF opens in the browser, named in words (test/integration/evidence/document-content.test.ts).
  assert.match(
    String(content.headers['content-disposition']),
    /^inline; filename="Sample Manufacturing Pvt Ltd _ Supporting document _ /,
  );
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: bearer })).json().status,
    'CREATED',
  );
});

test('Idempotency-Key: the same key replays the first response; a different body → 409', async () => {
  const headers = { ...bearer, 'idempotency-key': 'create-acme-1' };
  const body = { targetEntity: 'Idempotent Industries Ltd', statute: 'COMPANIES_ACT_SEC_62' };
  const first = await post('/api/v1/engagements', body, headers);
  const again = await post('/api/v1/engagements', body, headers);
  assert.equal(first.statusCode, 201);
  assert.equal(again.statusCode, 201);
  assert.deepEqual(again.json(), first.json());
  assert.equal(again.headers['idempotent-replayed'], 'true');
  const [{ n }] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM engagements WHERE target_entity = $1`,
    [body.targetEntity],
  );
  assert.equal(n, 1);
  const different = await post('/api/v1/engagements', { ...body, targetEntity: 'Someone Else Ltd' }, headers);
  assert.equal(different.statusCode, 409);
  assert.equal(different.json().code, 'idempotency_conflict');
  // Uploads too.
  const e = await createEngagement(t, bearer);
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const h = { ...bearer, 'idempotency-key': 'upload-1' };
  const u1 = await upload(t, h, e.id, 'SUPPORTING', 'a.pdf', pdf);
  const u2 = await upload(t, h, e.id, 'SUPPORTING', 'a.pdf', pdf);
  assert.equal(u2.json().id, u1.json().id);
  const u3 = await upload(t, h, e.id, 'SUPPORTING', 'b.pdf', pdf);
  assert.equal(u3.statusCode, 409);
});

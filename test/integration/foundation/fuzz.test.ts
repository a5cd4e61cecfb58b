// Property-based fuzzing of every operation in the served OpenAPI document (fast-check, fixed seed):
// hostile path ids, query values and bodies — NUL bytes, unpaired surrogates, huge and deeply nested
// values, wrong types, malformed multipart and wrong content types. No request may answer 5xx or hang.
// The live event stream (never ends by design) and logout (ends the fuzzing session) are left out;
// they have tests of their own.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, asUser, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement } from '../../helpers/engagements.js';

let t: TestApp;
let admin: Session;
let token: string;
let engagementId: string;
interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  bodyProps: string[];
}
const operations: Operation[] = [];

before(async () => {
  t = await createTestApp();
  admin = await signupAdmin(t);
  token = (await createToken(t, admin)).token;
  engagementId = (await createEngagement(t, asToken(token))).id;
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const resolve = (s: { $ref?: string; properties?: Record<string, unknown> } | undefined) =>
    s?.$ref ? doc.components.schemas[s.$ref.split('/').pop()!] : s;
  for (const [path, ops] of Object.entries(
    doc.paths as Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content?: Record<string, { schema?: { $ref?: string } }> };
        }
      >
    >,
  )) {
    for (const [method, op] of Object.entries(ops)) {
      if (path === '/api/v1/events/stream' || path === '/api/v1/auth/logout') continue;
      const body = resolve(op.requestBody?.content?.['application/json']?.schema);
      operations.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyProps: Object.keys(body?.properties ?? {}),
      });
    }
  }
});
after(() => t.close());

const hostileString = fc.oneof(
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfffy',
    '',
    ' ',
    '%00',
    '../../etc/passwd',
    '{"a":1}',
    'eng_01ARZ3NDEKTSV4RRFFQ69G5FAV',
    'NaN',
    '-1',
    '1e309',
    '💸₹',
    'DROP TABLE x;--',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('x'.repeat(20_000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(1e308),
    fc.constant(-0),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;
const DEEP = '__DEEP__';
const deeplyNested = fc.constant(DEEP);
const DEEP_JSON = `${'['.repeat(5000)}${']'.repeat(5000)}`;

const requestArb = fc.record({
  op: fc.nat(),
  ids: fc.array(fc.oneof(hostileString, fc.constant('REAL')), { minLength: 4, maxLength: 4 }),
  query: fc.dictionary(
    fc.oneof(fc.constantFrom('limit', 'cursor', 'status', 'q', 'engagementId', 'lastEventId'), hostileString),
    hostileString,
    { maxKeys: 3 },
  ),
  body: fc.oneof(
    hostileValue,
    deeplyNested,
    fc.dictionary(
      fc.constantFrom(
        'name',
        'email',
        'role',
        'url',
        'events',
        'wacc',
        'terminalGrowthRate',
        'rationale',
        'engagementId',
        'gateway_order_id',
        'statute',
        'targetEntity',
        'registrations',
        'comment',
        'reason',
        'outcome',
        'methodWeights',
        'dlomPercent',
        'password',
        'token',
      ),
      hostileValue,
      { maxKeys: 6 },
    ),
  ),
  fillKnownProps: fc.boolean(),
  contentType: fc.constantFrom(
    'application/json',
    'application/json',
    'text/plain',
    'multipart/form-data',
    'multipart/form-data; boundary=zz',
    'application/x-www-form-urlencoded',
    'none',
  ),
  auth: fc.constantFrom('cookie', 'bearer', 'none'),
});

test('1,000 hostile requests over every operation: no 5xx, no hang', async () => {
  assert.ok(operations.length >= 45, `operations found: ${operations.length}`);
  let sent = 0;
  const seen = new Set<string>();
  await fc.assert(
    fc.asyncProperty(requestArb, async (r) => {
      const op = operations[r.op % operations.length];
      let i = 0;
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const v = r.ids[i++ % r.ids.length];
        if (v !== 'REAL') return encodeSegment(v as string);
        return name === 'id'
          ? engagementId
          : name === 'gate'
            ? 'GATE_1'
            : name === 'format'
              ? 'json'
              : name === 'sha256'
                ? 'a'.repeat(64)
                : 'x';
      });
      const query = new URLSearchParams(Object.entries(r.query).map(([k, v]) => [k, v as string])).toString();
      let body: unknown = r.body;
      if (r.fillKnownProps && op.bodyProps.length && body && typeof body === 'object' && !Array.isArray(body)) {
        body = { ...Object.fromEntries(op.bodyProps.map((p) => [p, 'x'])), ...(body as object) };
      }
      const headers: Record<string, string> =
        r.auth === 'cookie' ? asUser(admin) : r.auth === 'bearer' ? asToken(token) : {};
      if (r.contentType !== 'none') headers['content-type'] = r.contentType;
      const payload =
        op.method === 'GET' || op.method === 'DELETE'
          ? undefined
          : r.contentType.startsWith('multipart')
            ? '--zz\r\nContent-Disposition: form-data; name="file"\r\n\r\ntruncated'
            : body === DEEP
              ? DEEP_JSON
              : (JSON.stringify(body) ?? 'null');
      const res = await Promise.race([
        t.app.inject({ method: op.method as 'GET', url: `${path}${query ? `?${query}` : ''}`, headers, payload }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`hang: ${op.method} ${path}`)), 10_000)),
      ]);
      sent++;
      seen.add(`${op.method} ${op.path}`);
      if (res.statusCode >= 500) {
        throw new Error(
          `${op.method} ${path}?${query} [${r.contentType}] ${String(payload).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`,
        );
      }
    }),
    { numRuns: 1000, seed: 20261122, endOnFailure: true },
  );
  assert.ok(sent >= 1000, `sent ${sent}`);
  assert.ok(seen.size >= operations.length * 0.9, `covered ${seen.size} of ${operations.length} operations`);
});

/** Percent-encodes a path segment; a lone surrogate becomes the invalid UTF-8 bytes %ED%A0%80 (that is the point). */
function encodeSegment(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0%80';
  }
}

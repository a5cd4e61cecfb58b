// The console's contract: the committed client types match the served document (CI fails when stale),
// every operation has a unique operationId, console routes serve the SPA while /api stays the API,
// and engagement search by name or CIN.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { CLIENT_TYPES_PATH, generateClientTypes } from '../../../scripts/generate-client.js';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';
import { createEngagement } from '../../helpers/engagements.js';
import { prefixSearchQuery } from '../../../src/features/engagements/engagement-reads.service.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('web/src/api/schema.d.ts is generated from the served document and is up to date (npm run gen:client)', async () => {
  assert.equal(
    readFileSync(CLIENT_TYPES_PATH, 'utf8'),
    await generateClientTypes(),
    'stale client types: run npm run gen:client',
  );
});

test('every operation has a stable, unique operationId; no component schema is left unused', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const ids: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { operationId?: string }>>)) {
    for (const [method, op] of Object.entries(ops)) {
      assert.match(op.operationId ?? '', /^[a-z][A-Za-z]+$/, `${method.toUpperCase()} ${path} has an operationId`);
      ids.push(op.operationId!);
    }
  }
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
  assert.ok(ids.includes('getEngagement') && ids.includes('streamEvents') && ids.includes('approveGate'));
  const text = JSON.stringify(doc);
  for (const name of Object.keys(doc.components.schemas))
    assert.ok(text.includes(`"#/components/schemas/${name}"`), `${name} is used`);
});

test('engagement search: word prefixes of the name or the CIN, firm-scoped, with status and paging', async () => {
  const admin = await signupAdmin(t);
  const bearer = asToken((await createToken(t, admin)).token);
  await createEngagement(t, bearer, { targetEntity: 'Acme Industries Private Limited', cin: 'U28100MH2015PTC123456' });
  await createEngagement(t, bearer, { targetEntity: 'Zenith Polymers Limited', cin: 'L24100GJ1999PLC035678' });
  await createEngagement(t, bearer, { targetEntity: 'Acme Foods LLP' });
  const other = asToken((await createToken(t, await signupAdmin(t, 'Other LLP'))).token);
  await createEngagement(t, other, { targetEntity: 'Acme Hidden Limited' });
  const names = async (q: string, extra = '') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/engagements?q=${encodeURIComponent(q)}${extra}`,
        headers: bearer,
      })
    )
      .json()
      .map((e: { targetEntity: string }) => e.targetEntity);
  assert.deepEqual(await names('acme'), ['Acme Foods LLP', 'Acme Industries Private Limited']);
  assert.deepEqual(await names('acme ind'), ['Acme Industries Private Limited']);
  assert.deepEqual(await names('POLY'), ['Zenith Polymers Limited']);
  assert.deepEqual(await names('l24100gj'), ['Zenith Polymers Limited']);
  assert.deepEqual(await names('acme', '&limit=1').then((r) => r.length), 1);
  assert.deepEqual(await names('acme', '&status=COMPLETED'), []);
  assert.deepEqual(await names("'&|!:*()"), [], 'tsquery syntax typed by a person is not syntax');
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/engagements?q=', headers: bearer })).statusCode, 400);
  assert.equal(prefixSearchQuery('Acme  ind.'), 'acme:* & ind:*');
  assert.equal(prefixSearchQuery('&|!'), null);
});

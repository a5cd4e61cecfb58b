// Evidence relied upon (docs/evidence.md): documents uploaded as EVIDENCE with a title, a date and who provided
// them; a figure in use without its source refused at the lock with the field named (400 source_missing), and the
// report's Sources of information listing each document with its SHA-256 and where each figure comes from.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, upload, VALID_ASSUMPTIONS } from '../../helpers/engagements.js';

let t: TestApp;
let bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const PDF = Buffer.from('%PDF-1.4\n% evidence\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const DESCRIBED = {
  title: 'Audited financial statements for the year ended 31 March 2026',
  documentDate: '2026-05-18',
  providedBy: 'The management of the company',
};

async function readyEngagement(body: Record<string, unknown>, financials: Record<string, unknown>) {
  const e = await createEngagement(t, bearer, body);
  const up = await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(financials)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  return e;
}

const withoutKeys = (o: Record<string, unknown>, ...keys: string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));

test('an EVIDENCE upload is described by its title, date and provider, each refused by name when missing', async () => {
  const e = await createEngagement(t, bearer, {});
  const stored = await upload(t, bearer, e.id, 'EVIDENCE', 'statements.pdf', PDF, DESCRIBED);
  assert.equal(stored.statusCode, 201, stored.body);
  assert.deepEqual(
    { ...(stored.json() as object), id: undefined, createdAt: undefined, engagementId: undefined },
    {
      id: undefined,
      engagementId: undefined,
      createdAt: undefined,
      kind: 'EVIDENCE',
      fileName: 'statements.pdf',
      contentType: 'application/pdf',
      sizeBytes: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
      status: 'STORED',
      ...DESCRIBED,
    },
  );
  // An image is evidence too (a photograph of a site, a scanned deed).
  assert.equal((await upload(t, bearer, e.id, 'EVIDENCE', 'site.png', PNG, DESCRIBED)).statusCode, 201);

  const missing = await upload(t, bearer, e.id, 'EVIDENCE', 'x.pdf', PDF, { documentDate: '2026-05-18' });
  assert.equal(missing.statusCode, 400);
  assert.deepEqual(
    missing.json().errors.map((x: { path: string }) => x.path),
    ['/title', '/providedBy'],
  );
  const future = await upload(t, bearer, e.id, 'EVIDENCE', 'x.pdf', PDF, { ...DESCRIBED, documentDate: '2999-01-01' });
  assert.equal(future.statusCode, 400);
  assert.match(future.json().errors[0].message, /must not be after today/);
  // A description on another kind would be dropped silently: it is refused instead.
  const stray = await upload(t, bearer, e.id, 'SUPPORTING', 'x.pdf', PDF, { title: 'A note' });
  assert.equal(stray.statusCode, 400);
  assert.equal(stray.json().errors[0].path, '/title');
  // An image is not a financials file.
  assert.equal((await upload(t, bearer, e.id, 'FINANCIALS', 'f.png', PNG)).statusCode, 415);

  const listed = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/documents`, headers: bearer })
  ).json();
  assert.equal(listed.filter((d: { kind: string }) => d.kind === 'EVIDENCE').length, 2);
});

test('s.62: a peer, a transaction or a round without its source is refused at the lock, naming each field', async () => {
  const market = {
    ...fixture('sample-company.json'),
    peers: [
      { name: 'Alpha Castings Ltd', evToEbitda: 11, source: 'Capitaline', asOf: '2026-03-31' },
      { name: 'Beta Forge Ltd', evToEbitda: 9 },
    ],
    transactions: [{ deal: 'Gamma buys Delta', date: '2025-11-15', evToEbitda: 9, source: 'Press release' }],
    recentRound: { date: '2025-10-15', instrument: 'EQUITY', pricePerShare: 240, amountRaised: 360, armsLength: true },
  };
  const e = await readyEngagement({ statute: 'COMPANIES_ACT_SEC_62', purpose: undefined }, market);
  const refused = await lock(t, bearer, e.id);
  assert.equal(refused.statusCode, 400, refused.body);
  assert.equal(refused.json().code, 'source_missing');
  assert.deepEqual(
    refused.json().errors.map((x: { path: string }) => x.path),
    ['/peers/1/source', '/peers/1/asOf', '/transactions/0/partiesRelation', '/recentRound/document'],
  );
  assert.match(refused.json().errors[0].message, /Beta Forge Ltd/);
  // Nothing changed: the assumptions are not locked.
  const a = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/assumptions`, headers: bearer })
  ).json();
  assert.equal(a.locked, false);
  // The financials say the same before any lock, so the valuer learns it first.
  const f = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/financials`, headers: bearer })
  ).json();
  assert.ok(f.missingInputs.some((m: { path: string }) => m.path === '/recentRound/document'));
});

test('Rule 11UA: the stamp-duty value without its properties, and quoted shares without exchange and date, are refused', async () => {
  const base = fixture('sample-company.json') as Record<string, unknown>;
  const e = await readyEngagement(
    { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT' },
    withoutKeys(base, 'navAdjustmentSources'),
  );
  const refused = await lock(t, bearer, e.id);
  assert.equal(refused.statusCode, 400, refused.body);
  assert.deepEqual(
    refused.json().errors.map((x: { path: string }) => x.path),
    [
      '/navAdjustmentSources/immovableProperties',
      '/navAdjustmentSources/sharesAndSecuritiesSource',
      '/navAdjustmentSources/sharesAndSecuritiesPriceDate',
    ],
  );
  assert.match(refused.json().errors[0].message, /₹5,20,00,000\.00/); // 520 lakh
});

test("the properties' stamp-duty values must add up to the total the NAV uses (refused at the lock)", async () => {
  const base = fixture('sample-company.json') as Record<string, unknown>;
  const sources = base.navAdjustmentSources as { immovableProperties: { stampDutyValue: number }[] };
  const off = {
    ...base,
    navAdjustmentSources: {
      ...sources,
      immovableProperties: [{ ...sources.immovableProperties[0], stampDutyValue: 1 }],
    },
  };
  const e = await readyEngagement({ statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT' }, off);
  const refused = await lock(t, bearer, e.id);
  assert.equal(refused.statusCode, 400, refused.body);
  assert.equal(refused.json().errors[0].path, '/navAdjustmentSources/immovableProperties');
  assert.match(refused.json().errors[0].message, /add up to ₹1,00,000\.00/); // 1 lakh listed against 520
});

test('IBC: each asset class needs its valuer’s method, the physical verification and its date', async () => {
  const base = fixture('ibc-shortfall.json') as { liquidation: { assets: Record<string, unknown>[] } };
  const assets = base.liquidation.assets.map((a, i) => (i === 0 ? withoutKeys(a, 'method', 'verifiedOn') : a));
  const e = await readyEngagement(
    { statute: 'IBC_LIQUIDATION', purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE' },
    { ...base, liquidation: { ...base.liquidation, assets } },
  );
  const refused = await lock(t, bearer, e.id, VALID_ASSUMPTIONS);
  assert.equal(refused.statusCode, 400, refused.body);
  assert.deepEqual(
    refused.json().errors.map((x: { path: string }) => x.path),
    ['/liquidation/assets/0/method', '/liquidation/assets/0/verifiedOn'],
  );
});

test('quoted shares listed scrip by scrip must not add up to more than the fair market value of C (refused at the lock)', async () => {
  const base = fixture('sample-company.json') as Record<string, unknown>;
  const scrip = {
    scrip: 'Deccan Bearings Ltd, equity shares of ₹10',
    quantity: 10000,
    pricePerShare: 1312.5,
    priceDate: '2026-03-31',
    exchange: 'National Stock Exchange of India',
  };
  const over = {
    ...base,
    navAdjustmentSources: { ...(base.navAdjustmentSources as object), quotedInvestments: [scrip] },
  };
  const e = await readyEngagement({ statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT' }, over);
  const refused = await lock(t, bearer, e.id);
  assert.equal(refused.statusCode, 400, refused.body);
  assert.equal(refused.json().errors[0].path, '/navAdjustmentSources/quotedInvestments');
  assert.match(refused.json().errors[0].message, /add up to ₹1,31,25,000\.00/); // against C of ₹95 lakh
});

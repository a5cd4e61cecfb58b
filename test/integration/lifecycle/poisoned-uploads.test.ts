// Uploads that once held an engagement in DATA_INGESTING for ever: text PostgreSQL cannot store (a NUL,
// an unpaired surrogate) in a value or a key, and any ingestion whose job fails for good. Each ends
// with the document REJECTED, the place named, and the engagement free for a corrected upload
// (src/domain/financials/storable-text.ts; docs/decisions.md, The financials document).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, fixture, status, upload } from '../../helpers/engagements.js';
import { writeCsv } from '../../../src/integrations/spreadsheets/financials-files.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const sampleJson = () => Buffer.from(JSON.stringify(fixture('sample-company.json')));
const documentOf = async (engagementId: string, documentId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${engagementId}/documents/${documentId}`,
      headers: bearer,
    })
  ).json();

async function correctedUploadReachesDataReady(engagementId: string) {
  const again = await upload(t, bearer, engagementId, 'FINANCIALS', 'financials.json', sampleJson());
  assert.equal(again.statusCode, 201, again.body);
  await t.worker.drain();
  assert.equal(await status(t, bearer, engagementId), 'DATA_READY');
}

test('a NUL in a value and an unpaired surrogate in a key: REJECTED naming both, then a corrected upload is accepted', async () => {
  const e = await createEngagement(t, bearer);
  const doc = fixture('sample-company.json');
  // Written by hand: JSON.stringify would escape the surrogate the same way, but the bytes are the point.
  const text = JSON.stringify({ ...doc, peers: [{ name: 'PEER' }] })
    .replace('"PEER"', '"a\\u0000b"')
    .replace(/}$/, ',"\\ud800x":1}');
  const up = await upload(t, bearer, e.id, 'FINANCIALS', 'financials.json', Buffer.from(text));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  const rejected = await documentOf(e.id, up.json().id);
  assert.equal(rejected.status, 'REJECTED');
  const byPath = new Map(rejected.errors.map((x: { path: string; message: string }) => [x.path, x.message]));
  assert.match(String(byPath.get('/peers/0/name')), /NUL character/);
  assert.match(String(byPath.get('/\\uD800x')), /the key contains an unpaired UTF-16 surrogate/);
  assert.equal(await status(t, bearer, e.id), 'CREATED', 'the engagement is free again');
  await correctedUploadReachesDataReady(e.id);
});

test('a NUL inside a CSV file is refused at upload (not text), and nothing changes', async () => {
  const e = await createEngagement(t, bearer);
  const csv = writeCsv(fixture('sample-company.json'))
    .toString('utf8')
    .replace('balanceSheetDate",', 'balance\u0000SheetDate",');
  const up = await upload(t, bearer, e.id, 'FINANCIALS', 'financials.csv', Buffer.from(csv));
  assert.equal(up.statusCode, 415, up.body);
  assert.equal(up.json().code, 'unsupported_media_type');
  assert.equal(await status(t, bearer, e.id), 'CREATED');
  await correctedUploadReachesDataReady(e.id);
});

test('an ingestion whose job fails for good rejects the document with the reason and releases the engagement', async () => {
  const e = await createEngagement(t, bearer);
  const up = await upload(t, bearer, e.id, 'FINANCIALS', 'financials.json', sampleJson());
  assert.equal(up.statusCode, 201, up.body);
  // The stored file disappears before the worker reads it: no retry can mend that.
  await t.db.query('DELETE FROM blobs WHERE key = (SELECT blob_key FROM documents WHERE id = $1)', [up.json().id]);
  await t.worker.drain();
  const rejected = await documentOf(e.id, up.json().id);
  assert.equal(rejected.status, 'REJECTED');
  assert.match(rejected.errors[0].message, /could not be processed \(blob of .* missing\); upload a corrected file/);
  assert.equal(await status(t, bearer, e.id), 'CREATED');
  await correctedUploadReachesDataReady(e.id);
});

test('a NUL or another control character in the uploaded file name is 400 naming /file, not 500', async () => {
  const e = await createEngagement(t, bearer);
  for (const name of ['a\u0000b.json', 'a\u0007b.json']) {
    const res = await upload(t, bearer, e.id, 'FINANCIALS', name, sampleJson());
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().errors[0].path, '/file');
    assert.match(res.json().errors[0].message, /the file name contains a control character/);
  }
  assert.equal(await status(t, bearer, e.id), 'CREATED');
});

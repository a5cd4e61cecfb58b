// The blob store (src/features/platform/blobs.repository.ts): a blob larger than one read comes back byte for byte, in
// pieces; one within a read in one query; another firm's key is not found.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { BLOB_READ_CHUNK_BYTES, getBlob, putBlob } from '../../../src/features/platform/blobs.repository.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/db.js';

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
  await t.db.query(`INSERT INTO firms (id, name) VALUES ('frm_blob_a', 'Blob A LLP'), ('frm_blob_b', 'Blob B LLP')`);
});
after(() => t.drop());

test('a blob of 2.5 reads (and one of exactly one read, and an empty one) comes back byte for byte', async () => {
  const sizes = { large: Math.floor(2.5 * BLOB_READ_CHUNK_BYTES), exact: BLOB_READ_CHUNK_BYTES, empty: 0, small: 1000 };
  const blobs = Object.fromEntries(Object.entries(sizes).map(([k, n]) => [k, randomBytes(n)]));
  await t.db.transaction(async (tx) => {
    for (const [k, data] of Object.entries(blobs)) await putBlob(tx, 'frm_blob_a', `blob_${k}`, data);
  });
  for (const [k, data] of Object.entries(blobs)) {
    const back = await getBlob(t.db, 'frm_blob_a', `blob_${k}`);
    assert.ok(back, k);
    assert.equal(back.length, data.length, k);
    assert.ok(back.equals(data), `${k}: the same bytes`);
  }
});

test("another firm's blob key reads as not found", async () => {
  await t.db.transaction((tx) => putBlob(tx, 'frm_blob_a', 'blob_private', randomBytes(3 * BLOB_READ_CHUNK_BYTES)));
  assert.equal(await getBlob(t.db, 'frm_blob_b', 'blob_private'), null);
  assert.equal(await getBlob(t.db, 'frm_blob_a', 'blob_missing'), null);
});

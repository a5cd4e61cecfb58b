// What an upload may cost (src/domain/documents/upload-bounds.ts; docs/decisions.md, Upload bounds per
// format): a workbook is refused at upload once what it actually inflates to passes the bound (whatever its
// own size fields claim), while the service keeps answering; CSV and JSON by their bytes, JSON by its depth;
// a smaller file with too many rows is rejected at ingestion with one error, not one per row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, status, upload } from '../../helpers/engagements.js';
import { MAX_XLSX_EXPANDED_BYTES } from '../../../src/domain/documents/upload-bounds.js';
import { lyingZip } from '../../helpers/zip-bombs.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

/** A workbook of `rows` rows of one unknown label, written by the streaming writer (little memory). */
async function workbookOfRows(rows: number): Promise<Buffer> {
  const path = join(mkdtempSync(join(tmpdir(), 'vs-bounds-')), 'rows.xlsx');
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true });
  const ws = wb.addWorksheet('Financials');
  ws.addRow(['field', 'value']).commit();
  for (let i = 0; i < rows; i++) ws.addRow(['unknownLabel', 1]).commit();
  await wb.commit();
  return readFileSync(path);
}

test('a 300,000-row workbook is refused at upload (413, what it expands to), while /health answers at once', async () => {
  const big = await workbookOfRows(300_000);
  const e = await createEngagement(t, bearer);
  const rssBefore = process.memoryUsage().rss;
  const health = (async () => {
    const started = performance.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    return { status: res.statusCode, ms: performance.now() - started };
  })();
  const res = await upload(t, bearer, e.id, 'FINANCIALS', 'rows.xlsx', big);
  assert.equal(res.statusCode, 413, res.body);
  assert.equal(res.json().code, 'payload_too_large');
  assert.match(
    res.json().detail,
    /The [\d.]+ MB workbook expands to more than 8\.0 MB \(counted while inflating it; inflation stopped at that bound\); a financials workbook may expand to at most 8\.0 MB/,
  );
  const h = await health;
  assert.equal(h.status, 200);
  assert.ok(h.ms < 200, `/health took ${h.ms} ms`);
  // Inflation stopped at the bound, so memory barely moved.
  assert.ok(process.memoryUsage().rss - rssBefore < 100 * 1024 * 1024, 'inflated no further than the bound');
  assert.equal(await status(t, bearer, e.id), 'CREATED', 'nothing changed');
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/documents`, headers: bearer })).json()
      .length,
    0,
  );
});

test('a small workbook with too many rows is rejected at ingestion with one error, and the engagement is free', async () => {
  const e = await createEngagement(t, bearer);
  const res = await upload(t, bearer, e.id, 'FINANCIALS', 'rows.xlsx', await workbookOfRows(3_000));
  assert.equal(res.statusCode, 201, res.body);
  await t.worker.drain();
  const doc = (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${e.id}/documents/${res.json().id}`,
      headers: bearer,
    })
  ).json();
  assert.equal(doc.status, 'REJECTED');
  assert.equal(doc.errors.length, 1);
  assert.match(doc.errors[0].message, /the sheet has 3001 rows; a financials file may have at most 2000/);
  assert.equal(await status(t, bearer, e.id), 'CREATED');
});

test('a CSV of 100,000 lines is refused at upload, counting its rows; a CSV over 2 MB by its size', async () => {
  const e = await createEngagement(t, bearer);
  const csv = Buffer.from(`field,value\n${'x,1\n'.repeat(100_000)}`);
  const res = await upload(t, bearer, e.id, 'FINANCIALS', 'rows.csv', csv);
  assert.equal(res.statusCode, 413, res.body);
  assert.match(res.json().detail, /The CSV has 1,00,001 rows; a financials file may have at most 2,000/);
  const big = await upload(
    t,
    bearer,
    e.id,
    'FINANCIALS',
    'big.csv',
    Buffer.from(`field,value\n${'unknownLabel,1\n'.repeat(300_000)}`),
  );
  assert.equal(big.statusCode, 413, big.body);
  assert.match(big.json().detail, /The CSV is 4\.3 MB; a financials CSV may be at most 2\.0 MB/);
});

/** Tmp files of this process's reader (its scratch directory) with their sizes. */
const scratchBytes = () =>
  readdirSync(tmpdir())
    .filter((d) => d.startsWith(`vs-xlsx-${process.pid}-`))
    .flatMap((d) => readdirSync(join(tmpdir(), d)).map((f) => statSync(join(tmpdir(), d, f)).size))
    .reduce((a, b) => a + b, 0);

for (const shape of ['lying-sizes', 'no-central-directory', 'zip64-sizes'] as const) {
  test(`a workbook whose sizes lie (${shape}) is refused at upload by what it inflates to; nothing stored, nothing on disk`, async () => {
    const e = await createEngagement(t, bearer);
    const bomb = lyingZip(shape, 64 * 1024 * 1024);
    assert.ok(bomb.length < 200 * 1024, 'a small file');
    const res = await upload(t, bearer, e.id, 'FINANCIALS', 'bomb.xlsx', bomb);
    assert.equal(res.statusCode, 413, res.body);
    assert.equal(res.json().code, 'payload_too_large');
    assert.match(
      res.json().detail,
      /expands to more than 8\.0 MB \(counted while inflating it; inflation stopped at that bound\)/,
    );
    assert.equal(MAX_XLSX_EXPANDED_BYTES, 8 * 1024 * 1024);
    assert.equal(scratchBytes(), 0, 'nothing was written to the reader scratch directory');
    assert.equal(await status(t, bearer, e.id), 'CREATED', 'nothing changed');
    assert.equal(
      (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/documents`, headers: bearer })).json()
        .length,
      0,
    );
  });
}

test('a file name over 255 bytes is refused naming /file, not cut', async () => {
  const e = await createEngagement(t, bearer);
  const res = await upload(
    t,
    bearer,
    e.id,
    'SUPPORTING',
    `${'n'.repeat(8 * 1024)}.pdf`,
    Buffer.from('%PDF-1.7\n%%EOF\n'),
  );
  assert.equal(res.statusCode, 400, res.body);
  assert.deepEqual(res.json().errors, [
    {
      path: '/file',
      message: 'the file name is 8196 bytes long; a file name may be at most 255 bytes; rename the file',
    },
  ]);
  // 255 bytes of two-byte letters (127 of them, 254 bytes, plus ".") is the longest name kept whole.
  const name = `${'é'.repeat(125)}.pdf`;
  assert.equal(Buffer.byteLength(name), 254);
  const ok = await upload(t, bearer, e.id, 'SUPPORTING', name, Buffer.from('%PDF-1.7\n%%EOF\n'));
  assert.equal(ok.statusCode, 201, ok.body);
  assert.equal(ok.json().fileName, name);
});

// What an upload may cost (src/domain/documents/upload-bounds.ts; docs/decisions.md, The financials
// document): a 300,000-row workbook is refused at upload from its zip directory alone, without being
// inflated, while the service keeps answering; a smaller file with too many rows is rejected at
// ingestion with one error, not one per row.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';
import { createEngagement, status, upload } from '../../helpers/engagements.js';
import { MAX_XLSX_EXPANDED_BYTES, zipExpandedBytes } from '../../../src/domain/documents/upload-bounds.js';

let t: TestApp;
let bearer: Record<string, string>;
before(async () => {
  t = await createTestApp();
  bearer = asToken((await createToken(t, await signupAdmin(t))).token);
});
after(() => t.close());

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
  assert.ok(zipExpandedBytes(big)! > MAX_XLSX_EXPANDED_BYTES);
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
  assert.match(res.json().detail, /The workbook expands to [\d.]+ MB; a financials workbook may expand to at most 8\.0 MB/);
  const h = await health;
  assert.equal(h.status, 200);
  assert.ok(h.ms < 200, `/health took ${h.ms} ms`);
  // Refused from the directory: nothing was inflated, so memory barely moved.
  assert.ok(process.memoryUsage().rss - rssBefore < 100 * 1024 * 1024, 'no inflation of the workbook');
  assert.equal(await status(t, bearer, e.id), 'CREATED', 'nothing changed');
  assert.equal((await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/documents`, headers: bearer })).json().length, 0);
});

test('a small workbook with too many rows is rejected at ingestion with one error, and the engagement is free', async () => {
  const e = await createEngagement(t, bearer);
  const res = await upload(t, bearer, e.id, 'FINANCIALS', 'rows.xlsx', await workbookOfRows(3_000));
  assert.equal(res.statusCode, 201, res.body);
  await t.worker.drain();
  const doc = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/documents/${res.json().id}`, headers: bearer })).json();
  assert.equal(doc.status, 'REJECTED');
  assert.equal(doc.errors.length, 1);
  assert.match(doc.errors[0].message, /the sheet has 3001 rows; a financials file may have at most 2000/);
  assert.equal(await status(t, bearer, e.id), 'CREATED');
});

test('a CSV of 300,000 lines is refused at upload, counting its rows', async () => {
  const e = await createEngagement(t, bearer);
  const csv = Buffer.from(`field,value\n${'unknownLabel,1\n'.repeat(300_000)}`);
  const res = await upload(t, bearer, e.id, 'FINANCIALS', 'rows.csv', csv);
  assert.equal(res.statusCode, 413, res.body);
  assert.match(res.json().detail, /The CSV has 3,00,001 rows; a financials file may have at most 2,000/);
});

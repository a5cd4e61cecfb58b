// The workbook reader on a worker thread answers exactly as readXlsx does: the same grid, the same
// SpreadsheetReadError for what is not a workbook.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readXlsx, SpreadsheetReadError, writeXlsx } from '../../../src/integrations/spreadsheets/financials-files.js';
import { readXlsxOffThread } from '../../../src/integrations/spreadsheets/xlsx-thread.js';

const doc = JSON.parse(readFileSync(new URL('../../fixtures/financials/ten-year-company.json', import.meta.url), 'utf8'));

test('the same grid as readXlsx', async () => {
  const xlsx = await writeXlsx(doc);
  assert.deepEqual(await readXlsxOffThread(xlsx), await readXlsx(xlsx));
});

test('what is not a workbook is the same SpreadsheetReadError', async () => {
  const bad = Buffer.from('%PDF-1.7 not a workbook');
  const [thread, here] = await Promise.allSettled([readXlsxOffThread(bad), readXlsx(bad)]);
  assert.equal(thread.status, 'rejected');
  assert.equal(here.status, 'rejected');
  assert.ok((thread as PromiseRejectedResult).reason instanceof SpreadsheetReadError);
  assert.equal((thread as PromiseRejectedResult).reason.message, (here as PromiseRejectedResult).reason.message);
});

/** The template's sheet, then a sheet of workings and an image, as a firm's own workbook carries them. */
async function firmWorkbook(): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await writeXlsx(doc)) as unknown as Parameters<typeof wb.xlsx.load>[0]);
  const workings = wb.addWorksheet('Workings');
  for (let r = 0; r < 500; r++) workings.addRow(Array.from({ length: 10 }, (_, c) => r * 10 + c));
  workings.addImage(wb.addImage({ buffer: Buffer.alloc(20_000, 7) as never, extension: 'png' }), 'L1:N8');
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Files in this process's reader scratch directory (other test files run in parallel, each with its own reader). */
const scratchFiles = () =>
  readdirSync(tmpdir()).filter((d) => d.startsWith(`vs-xlsx-${process.pid}-`)).flatMap((d) => readdirSync(`${tmpdir()}/${d}`));

test("a firm's workbook: only the first sheet is the grid, and the reader leaves no temporary file behind", async () => {
  const firm = await firmWorkbook();
  assert.deepEqual(await readXlsxOffThread(firm), await readXlsx(await writeXlsx(doc)));
  assert.deepEqual(scratchFiles(), [], 'ExcelJS parks sheets in temporary files; the thread removes them');
  // A workbook that fails half-way: its files are gone by the time the next workbook has been read.
  const truncated = firm.subarray(0, Math.floor(firm.length * 0.7));
  await assert.rejects(readXlsxOffThread(truncated), SpreadsheetReadError);
  await readXlsxOffThread(firm);
  assert.deepEqual(scratchFiles(), []);
});

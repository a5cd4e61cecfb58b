// The financials reader on a worker thread answers exactly as parseFinancialsFile does, for every format; a
// file that exhausts the thread fails alone, and the files queued behind it are read by a new thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { writeCsv, writeXlsx } from '../../../src/integrations/spreadsheets/financials-files.js';
import { parseFinancialsFile } from '../../../src/integrations/spreadsheets/parse-financials-file.js';
import { parseFinancialsOffThread } from '../../../src/integrations/spreadsheets/reader-thread.js';
import { lyingZip } from '../../helpers/zip-bombs.js';

const doc = JSON.parse(
  readFileSync(new URL('../../fixtures/financials/ten-year-company.json', import.meta.url), 'utf8'),
);

test('the same outcome as parseFinancialsFile, for XLSX, CSV and JSON', async () => {
  const files: [string, Buffer][] = [
    ['XLSX', await writeXlsx(doc)],
    ['CSV', writeCsv(doc)],
    ['JSON', Buffer.from(JSON.stringify(doc))],
  ];
  for (const [format, data] of files) {
    const thread = await parseFinancialsOffThread(format, data);
    assert.equal(thread.ok, true, `${format}: ${JSON.stringify(thread)}`);
    assert.deepEqual(thread, await parseFinancialsFile(format, data));
  }
});

test('what is not a workbook is the same refusal', async () => {
  const bad = Buffer.from('%PDF-1.7 not a workbook');
  const thread = await parseFinancialsOffThread('XLSX', bad);
  assert.equal(thread.ok, false);
  assert.deepEqual(thread, await parseFinancialsFile('XLSX', bad));
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
  readdirSync(tmpdir())
    .filter((d) => d.startsWith(`vs-xlsx-${process.pid}-`))
    .flatMap((d) => readdirSync(`${tmpdir()}/${d}`));

test("a firm's workbook: only the first sheet is read, and the reader leaves no temporary file behind", async () => {
  const firm = await firmWorkbook();
  assert.deepEqual(
    await parseFinancialsOffThread('XLSX', firm),
    await parseFinancialsFile('XLSX', await writeXlsx(doc)),
  );
  assert.deepEqual(scratchFiles(), [], 'ExcelJS parks sheets in temporary files; the thread removes them');
  // A workbook that fails half-way: its files are gone by the time the next workbook has been read.
  const truncated = firm.subarray(0, Math.floor(firm.length * 0.7));
  assert.equal((await parseFinancialsOffThread('XLSX', truncated)).ok, false);
  await parseFinancialsOffThread('XLSX', firm);
  assert.deepEqual(scratchFiles(), []);
});

test('a stored workbook that lies about its sizes is refused by the reader, never inflated past the bound', async () => {
  for (const shape of ['lying-sizes', 'no-central-directory', 'zip64-sizes'] as const) {
    const outcome = await parseFinancialsOffThread('XLSX', lyingZip(shape, 64 * 1024 * 1024));
    assert.equal(outcome.ok, false, shape);
    assert.match(JSON.stringify(outcome), /the workbook expands to more than 8388608 bytes/, shape);
  }
  assert.deepEqual(scratchFiles(), []);
});

test('too deep or too long JSON is refused with a sentence, not a stack overflow', async () => {
  const deep = await parseFinancialsOffThread('JSON', Buffer.from('['.repeat(100_000) + ']'.repeat(100_000)));
  assert.equal(deep.ok, false);
  assert.match(JSON.stringify(deep), /nests more than 64 levels deep/);
  const long = await parseFinancialsOffThread(
    'JSON',
    Buffer.from(JSON.stringify({ ...doc, peers: Array.from({ length: 2_001 }, () => ({ name: 'x' })) })),
  );
  assert.equal(long.ok, false);
  assert.match(JSON.stringify(long), /"path":"\/peers","message":"the list has more than 2,000 entries/);
});

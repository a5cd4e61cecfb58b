// The workbook reader on a worker thread answers exactly as readXlsx does: the same grid, the same
// SpreadsheetReadError for what is not a workbook.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
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

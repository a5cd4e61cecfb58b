// One firm's workbook that exhausts the reader fails alone (docs/decisions.md, Tenant isolation in ingestion):
// the reader thread is replaced, and the workbooks of other firms queued behind it reach DATA_READY.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { unzipSync, zipSync } from 'fflate';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';
import { createEngagement, status, upload } from '../../helpers/engagements.js';
import { writeXlsx } from '../../../src/integrations/spreadsheets/financials-files.js';
import { MAX_XLSX_EXPANDED_BYTES } from '../../../src/domain/documents/upload-bounds.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

const doc = JSON.parse(
  readFileSync(new URL('../../fixtures/financials/ten-year-company.json', import.meta.url), 'utf8'),
);

/**
 * A workbook within the upload bound (7 MB inflated) whose shared strings are 190,000 rich-text runs: ExcelJS
 * builds an object per run and the reader's bounded heap runs out.
 */
async function memoryBomb(): Promise<Buffer> {
  const files = unzipSync(new Uint8Array(await writeXlsx(doc)));
  const n = 190_000;
  const sst = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${n}" uniqueCount="${n}">${'<si><r><t>a</t></r><r><t>b</t></r></si>'.repeat(n)}</sst>`;
  files['xl/sharedStrings.xml'] = Buffer.from(sst);
  const inflated = Object.values(files).reduce((sum, f) => sum + f.length, 0);
  assert.ok(inflated < MAX_XLSX_EXPANDED_BYTES, 'within the upload bound');
  return Buffer.from(zipSync(files));
}

async function firm(name: string) {
  const headers = asToken((await createToken(t, await signupAdmin(t, name))).token);
  return { headers, engagement: await createEngagement(t, headers) };
}

async function documentOf(headers: Record<string, string>, engagementId: string) {
  return (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${engagementId}/documents`, headers })
  ).json()[0];
}

test('a bomb from one firm and, right behind it, good workbooks from two others: theirs are read, the bomb alone is rejected, at once', async () => {
  const [bomber, second, third] = [
    await firm('Bomb Traders LLP'),
    await firm('Second Valuers LLP'),
    await firm('Third Valuers LLP'),
  ];
  const good = await writeXlsx(doc);
  const bomb = await memoryBomb();
  t.worker.start();
  assert.equal(
    (await upload(t, bomber.headers, bomber.engagement.id, 'FINANCIALS', 'bomb.xlsx', bomb)).statusCode,
    201,
  );
  assert.equal(
    (await upload(t, second.headers, second.engagement.id, 'FINANCIALS', 'good.xlsx', good)).statusCode,
    201,
  );
  assert.equal((await upload(t, third.headers, third.engagement.id, 'FINANCIALS', 'good.xlsx', good)).statusCode, 201);

  const settled = async (f: { headers: Record<string, string>; engagement: { id: string } }) => {
    for (let i = 0; i < 300; i++) {
      const s = await status(t, f.headers, f.engagement.id);
      if (s !== 'DATA_INGESTING') return s;
      await new Promise((r) => setTimeout(r, 100));
    }
    return 'DATA_INGESTING';
  };
  // A valuation job may follow DATA_READY at once: what matters is that the file was accepted.
  for (const f of [second, third]) {
    await settled(f);
    assert.equal(
      (await documentOf(f.headers, f.engagement.id)).status,
      'PARSED',
      'the other firms’ workbooks are read',
    );
  }
  assert.equal(await settled(bomber), 'CREATED', 'the bomb releases its engagement');
  const rejected = await documentOf(bomber.headers, bomber.engagement.id);
  assert.equal(rejected.status, 'REJECTED');
  assert.match(rejected.errors[0].message, /needs more memory to read than a financials file may/);
  // Rejected on its first attempt, not retried.
  const rows = await t.db.query<{ attempts: number; status: string }>(
    `SELECT attempts, status FROM jobs WHERE kind = 'ingest-financials' AND payload->>'engagementId' = $1`,
    [bomber.engagement.id],
  );
  assert.deepEqual(rows, [{ attempts: 1, status: 'succeeded' }]);
});

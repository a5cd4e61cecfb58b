// Issue 44, part 1: an IBC valuation gives no figure per share, not even where the claims exceed the assets
// (the s.53 waterfall and any per-share arithmetic are the resolution professional's, docs/statutes.md, IBC).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asUser, signupAdmin } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, sourced, upload, valuationOf } from '../../helpers/engagements.js';
import { IBC_RATES } from '../../helpers/signatories.js';
import { pdfText } from '../../helpers/pdf.js';
import { definedNames } from '../../helpers/workbook.js';
import ExcelJS from 'exceljs';

let t: TestApp;
let headers: Record<string, string>;
before(async () => {
  t = await createTestApp();
  headers = asUser(await signupAdmin(t, 'Insolvency Valuers LLP'));
});
after(() => t.close());

test('claims exceeding the assets: the warnings and the report text carry no per-share figure', async () => {
  const e = await createEngagement(t, headers, {
    statute: 'IBC_LIQUIDATION',
    purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
  });
  const doc = sourced(fixture('ibc-shortfall.json'));
  const up = await upload(t, headers, e.id, 'FINANCIALS', 'ibc.json', Buffer.from(JSON.stringify(doc)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  const locked = await lock(t, headers, e.id, IBC_RATES);
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  await t.worker.drain();
  const v = await valuationOf(t, headers, e.id);
  const shortfall = v.warnings.find((w: { code: string }) => w.code === 'CLAIMS_EXCEED_ASSETS');
  assert.ok(shortfall, JSON.stringify(v.warnings));
  assert.match(shortfall.message, /equity receives nil/);
  for (const w of v.warnings as { message: string }[]) assert.doesNotMatch(w.message, /per share/i);
  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers });
  assert.equal(pdf.statusCode, 200, pdf.body);
  const text = pdfText(pdf.rawPayload);
  // The shortfall under the s.53 order of payment is the resolution professional's to state, not the valuer's: the
  // API's warning stays for its clients, the report says nothing of the claims or the waterfall.
  assert.doesNotMatch(text, /equity receives nil|s\.53 waterfall|claims ranking ahead of equity/);
  const hits = [...text.matchAll(/.{0,120}per[ -]share.{0,80}/gi)].map((m) => m[0]);
  assert.deepEqual(hits, [], 'the report text names no per-share figure');
  // Nor do the workpapers: no value per share, no ValuePerShare_ name; the assets' totals instead (the paid-up value
  // of a share on the Inputs sheet is the capital as the balance sheet states it, not a value).
  const xlsx = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${e.id}/valuation/workpapers.xlsx`,
    headers,
  });
  assert.equal(xlsx.statusCode, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const labels: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => labels.push(String(row.getCell(1).value ?? ''))));
  assert.deepEqual(
    labels.filter((l) => /(value|equity)[a-z ]* per (equity )?share/i.test(l) && !/^Paid-up value per share/.test(l)),
    [],
  );
  const names = [...definedNames(wb).keys()];
  assert.ok(!names.some((n) => n.startsWith('ValuePerShare')), names.join(', '));
  // Nor a residue to equity or the s.53 waterfall: the workings end at the assets' totals (docs/ibc-valuation.md).
  assert.ok(!names.some((n) => n.startsWith('EquityValue')), names.join(', '));
  assert.deepEqual(
    labels.filter((l) => /available to equity|shortfall to creditors|s\.53|liquidation costs/i.test(l)),
    [],
  );
  assert.ok(
    names.includes('TotalValue_FAIR_VALUE') && names.includes('TotalValue_LIQUIDATION_VALUE'),
    names.join(', '),
  );
});

// The IBC asset registers through the API (docs/asset-registers.md): the financials of
// test/fixtures/financials/ibc-registers.json (LAKHS) uploaded, locked and valued; one land parcel, one building, one
// machine, one inventory category and one receivables bucket worked out here by hand equal the service's figures to
// the paisa, in the valuation, the report's annexure and the workpapers; and a balance-sheet asset neither valued
// nor excluded refuses the lock with 409 asset_not_accounted naming it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asUser, signupAdmin } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, upload, valuationOf } from '../../helpers/engagements.js';
import { IBC_RATES } from '../../helpers/signatories.js';
import { collapse, pdfText } from '../../helpers/pdf.js';

let t: TestApp;
let headers: Record<string, string>;
before(async () => {
  t = await createTestApp();
  headers = asUser(await signupAdmin(t, 'Insolvency Valuers LLP'));
});
after(() => t.close());

const CIRP = { statute: 'IBC_LIQUIDATION', purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE', appointmentDate: '2026-04-02' };

async function uploaded(doc: unknown) {
  const e = await createEngagement(t, headers, CIRP);
  const up = await upload(t, headers, e.id, 'FINANCIALS', 'ibc.json', Buffer.from(JSON.stringify(doc)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  return e;
}

/** The hand computations (₹, a lakh being ₹1,00,000), each rounded once to the paisa, half up. */
const HAND = {
  // Land L1, 4,050 sq m. Sale rates: 1,80,00,000 ÷ 3,000 = 6,000 × 1.08 = 6,480;
  // 2,75,00,000 ÷ 5,000 = 5,500 × 1.13 = 6,215; 2,22,61,000 ÷ 4,200 = 5,300.2380952… × 1.13 = 5,989.2690476…
  // Mean: 18,684.2690476… ÷ 3 = 6,228.0896825…; × 4,050 = 2,52,23,763.214… → 2,52,23,763.21.
  // Liquidation, 30 % off: 2,52,23,763.21 × 0.70 = 1,76,56,634.247 → 1,76,56,634.25.
  land: { fair: '25223763.21', liquidation: '17656634.25', printedFair: '2,52,23,763.21' },
  // Building: 2,600 × 18,500 = 4,81,00,000 × (1 − 12/40) = 3,36,70,000 × 0.95 = 3,19,86,500.00; 35 % off: 2,07,91,225.00.
  building: { fair: '31986500.00', liquidation: '20791225.00', printedFair: '3,19,86,500.00' },
  // CNC machines: 1,80,00,000 × (1 − 10/14) = 51,42,857.142… × 0.90 = 46,28,571.428… → 46,28,571.43;
  // 40 % off: 46,28,571.43 × 0.60 = 27,77,142.858 → 27,77,142.86.
  machine: { fair: '4628571.43', liquidation: '2777142.86', printedFair: '46,28,571.43' },
  // Raw materials: 1,40,00,000 × 85 % = 1,19,00,000.00; 20 % off: 95,20,000.00.
  inventory: { fair: '11900000.00', liquidation: '9520000.00', printedFair: '1,19,00,000.00' },
  // Receivables over 365 days: 35,00,000 × 10.33 % = 3,61,550.00; 50 % off: 1,80,775.00.
  receivables: { fair: '361550.00', liquidation: '180775.00', printedFair: '3,61,550.00' },
};

test("the registers' figures worked out by hand equal the service's to the paisa: valuation, annexure and workpapers", async () => {
  const e = await uploaded(fixture('ibc-registers.json'));
  const locked = await lock(t, headers, e.id, IBC_RATES);
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  const v = await valuationOf(t, headers, e.id);
  const fair = v.methods.find((m: { method: string }) => m.method === 'FAIR_VALUE');
  const line = (label: string) => fair.lines.find((l: { label: string }) => l.label === label)?.value;
  // Land and building = the parcel + the building: 2,52,23,763.21 + 3,19,86,500.00 = 5,72,10,263.21.
  assert.equal(line('LAND_AND_BUILDING: fair value'), '57210263.21');
  // Plant and machinery = the CNC machines + the press line (1,20,00,000 × 0.20 × 0.85 = 20,40,000.00) = 66,68,571.43.
  assert.equal(line('PLANT_AND_MACHINERY: fair value'), '6668571.43');

  const report = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers });
  assert.equal(report.statusCode, 200, report.body);
  const text = collapse(pdfText(report.rawPayload));
  assert.match(text, /Asset-wise workings/);
  for (const row of Object.values(HAND))
    assert.ok(text.includes(row.printedFair), `the annexure prints ${row.printedFair}`);
  assert.match(text, /Reconciliation of the balance sheet/);
  assert.match(text, /Excluded: Software licences that are not transferable/);

  const xlsx = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${e.id}/valuation/workpapers.xlsx`,
    headers,
  });
  assert.equal(xlsx.statusCode, 200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
  const sheet = wb.getWorksheet('Asset registers')!;
  /** The cached fair value and liquidation value on the row whose column A starts with `start`. */
  const figures = (start: string) => {
    let found: [string, string] | undefined;
    sheet.eachRow((row) => {
      if (found || !String(row.getCell(1).value ?? '').startsWith(start)) return;
      let r = row.number - 1;
      while (!(sheet.getRow(r).values as unknown[]).includes('Fair value (₹)')) r -= 1;
      const headers = sheet.getRow(r).values as unknown[];
      const cached = (h: string) =>
        Number((row.getCell(headers.indexOf(h)).value as { result: number }).result).toFixed(2);
      found = [cached('Fair value (₹)'), cached('Liquidation value (₹)')];
    });
    assert.ok(found, `a row for ${start}`);
    return found;
  };
  assert.deepEqual(figures('L1:'), [HAND.land.fair, HAND.land.liquidation]);
  assert.deepEqual(figures('Factory shed'), [HAND.building.fair, HAND.building.liquidation]);
  assert.deepEqual(figures('CNC turning'), [HAND.machine.fair, HAND.machine.liquidation]);
  assert.deepEqual(figures('Raw materials'), [HAND.inventory.fair, HAND.inventory.liquidation]);
  assert.deepEqual(figures('over 365 days'), [HAND.receivables.fair, HAND.receivables.liquidation]);
  // No value per share in the workpapers of an IBC valuation (the face value per share is an input, not a value).
  wb.eachSheet((ws) =>
    ws.eachRow((row) =>
      assert.doesNotMatch(
        String(row.getCell(1).value ?? ''),
        /(fair|liquidation|realisable|concluded)[a-z ]* per (equity )?share/i,
      ),
    ),
  );
});

test('a balance-sheet asset neither valued nor excluded: 409 asset_not_accounted naming it, nothing locked', async () => {
  const doc = fixture('ibc-registers.json');
  doc.liquidation.reconciliation = doc.liquidation.reconciliation.filter(
    (r: { item: string }) => r.item !== 'intangibleAssets',
  );
  const e = await uploaded(doc);
  const res = await lock(t, headers, e.id, IBC_RATES);
  assert.equal(res.statusCode, 409, res.body);
  assert.match(res.headers['content-type'] as string, /problem\+json/);
  assert.equal(res.json().code, 'asset_not_accounted');
  assert.deepEqual(
    res.json().errors.map((x: { path: string }) => x.path),
    ['/balanceSheet/intangibleAssets'],
  );
  assert.match(
    res.json().errors[0].message,
    /Intangible assets \(₹50,00,000\.00 on the balance sheet\) is neither valued/,
  );
  const now = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers })).json();
  assert.equal(now.assumptionsLocked, false);
  assert.equal(now.status, 'DATA_READY');
});

test('financials that arrive after the lock with an asset neither valued nor excluded: nothing is valued, the line is named', async () => {
  const e = await createEngagement(t, headers, CIRP);
  const locked = await lock(t, headers, e.id, IBC_RATES);
  assert.equal(locked.statusCode, 200, locked.body);
  const doc = fixture('ibc-registers.json');
  doc.liquidation.reconciliation = doc.liquidation.reconciliation.filter(
    (r: { item: string }) => r.item !== 'otherNonCurrentAssets',
  );
  const up = await upload(t, headers, e.id, 'FINANCIALS', 'ibc.json', Buffer.from(JSON.stringify(doc)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  await t.worker.drain();
  const now = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers })).json();
  assert.equal(now.status, 'DATA_READY', 'the computation waits for corrected financials');
  const financials = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/financials`, headers })
  ).json();
  assert.deepEqual(
    financials.missingInputs.map((m: { path: string }) => m.path),
    ['/balanceSheet/otherNonCurrentAssets'],
  );
  // The registers are kept as read, with the classes' totals the service computed from them.
  const land = financials.financials.liquidation.assets.find(
    (a: { assetClass: string }) => a.assetClass === 'LAND_AND_BUILDING',
  );
  assert.deepEqual([land.fairValue, land.fromRegister], ['57210263.21', true]);
  assert.equal(financials.financials.liquidation.registers.land[0].landArea, '4050');
});

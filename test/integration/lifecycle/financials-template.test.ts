// The blank financials XLSX a valuer fills without the example (docs/financials-template.md): each table named by a
// header row under a line of guidance, choices as drop-downs in words, dates as date cells; filled in words it
// uploads first time and reads as the same financials as the JSON; older files (marker words, codes) still read;
// and a file with problems in several tables is rejected once, naming all of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import ExcelJS from 'exceljs';
import type { TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { createEngagement, fixture, sourced, status, upload } from '../../helpers/engagements.js';
import { columnOf, dropDown, fillTemplate, rowOf, withFiveProblems } from '../../helpers/fill-template.js';
import { libreOfficeSheets, libreOfficeXlsx } from '../../helpers/libreoffice.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer });
const blankTemplate = async () => (await get('/api/v1/templates/financials.xlsx')).rawPayload;
const example = async () => JSON.parse((await get('/api/v1/templates/financials-example.json')).body);
const IBC = { statute: 'IBC_LIQUIDATION', purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE' };
const hasSoffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'pipe', timeout: 60_000 });
    return true;
  } catch {
    return false;
  }
})();

/** Uploads `data` as the engagement's financials and runs the ingestion; the document as GET shows it after. */
async function ingest(engagement: Record<string, unknown>, name: string, data: Buffer) {
  const e = await createEngagement(t, bearer, engagement);
  const up = await upload(t, bearer, e.id, 'FINANCIALS', name, data);
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  const doc = (await get(`/api/v1/engagements/${e.id}/documents/${up.json().id}`)).json();
  const financials = (await get(`/api/v1/engagements/${e.id}/financials`)).json().financials;
  return { id: e.id, doc, financials };
}

/** The financials the same document gives uploaded as JSON. */
const asJson = async (engagement: Record<string, unknown>, doc: unknown) =>
  (await ingest(engagement, 'financials.json', Buffer.from(JSON.stringify(doc)))).financials;

const sheetOf = async (xlsx: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
  return workbook.worksheets[0];
};

test('the blank XLSX names each table by a header row under a line of guidance; choices are drop-downs in words, dates are date cells', async () => {
  const sheet = await sheetOf(await blankTemplate());
  const tables = [
    'projections',
    'peers',
    'liquidation.assets',
    'history',
    'shareholding',
    'equityBridge.nonOperatingAssets',
    'navAdjustmentSources.immovableProperties',
    'equityBridge.contingentLiabilities',
  ];
  for (const table of tables) {
    const header = rowOf(sheet, table);
    assert.equal(header.font?.bold, true, `${table}: the header row is bold`);
    const guidance = sheet.getRow(header.number - 1);
    assert.match(guidance.getCell(1).text, /\s.*\s/, `${table}: a line of guidance in words above the header`);
    assert.equal(guidance.getCell(2).text, '', `${table}: the guidance is column A alone`);
  }
  for (const [table, column, words, code] of [
    ['liquidation.assets', 'assetClass', 'Land and building', 'LAND_AND_BUILDING'],
    ['shareholding', 'instrument', 'Compulsorily convertible debentures', 'CCD'],
    ['shareholding', 'presentedIn', 'Other equity', 'OTHER_EQUITY'],
    ['peers', 'basis', 'Trailing (last twelve months)', 'TRAILING'],
  ] as const) {
    const header = rowOf(sheet, table);
    const c = columnOf(header, column);
    // Every row left to fill offers the list, and the list is in words.
    for (const r of [1, 2, 5]) {
      const choices = dropDown(sheet.getRow(header.number + r).getCell(c));
      assert.ok(choices?.includes(words), `${table}.${column} row ${r}: ${choices}`);
      assert.ok(!choices?.includes(code), `${table}.${column}: no code in the list`);
    }
  }
  assert.deepEqual(dropDown(rowOf(sheet, 'unit').getCell(2)), ['Rupees', 'Thousands', 'Lakhs', 'Crores']);
  const date = rowOf(sheet, 'balanceSheetDate').getCell(2);
  assert.equal(date.numFmt, 'dd mmm yyyy');
  assert.equal(date.dataValidation?.type, 'date');
  const assets = rowOf(sheet, 'liquidation.assets');
  const verified = sheet.getRow(assets.number + 1).getCell(columnOf(assets, 'verifiedOn'));
  assert.equal(verified.numFmt, 'dd mmm yyyy', 'a date column of a table is formatted as dates');
  // No marker word is asked for: the rows under a table's header leave column A empty.
  assert.equal(sheet.getRow(assets.number + 1).getCell(1).text, '');
});

for (const [name, engagement, documentOf] of [
  ['Rule 11UA (the example company)', {}, example],
  ['IBC (CIRP)', IBC, async () => sourced(fixture('ibc-shortfall.json'))],
  // The asset registers and the reconciliation, each a table of the template (docs/asset-registers.md).
  ['IBC with asset registers', IBC, async () => fixture('ibc-registers.json')],
] as const) {
  test(`${name}: the blank template filled in the valuer's words uploads first time, the same financials as the JSON`, async () => {
    const doc = await documentOf();
    const filled = await fillTemplate(await blankTemplate(), doc);
    const xlsx = await ingest(engagement, 'financials.xlsx', filled);
    assert.equal(xlsx.doc.status, 'PARSED', JSON.stringify(xlsx.doc.errors));
    assert.equal(await status(t, bearer, xlsx.id), 'DATA_READY');
    assert.deepEqual(xlsx.financials, await asJson(engagement, doc));
  });
}

test(
  'the template opens in LibreOffice, and a filled one saved by LibreOffice uploads first time',
  { skip: !hasSoffice },
  async () => {
    const blank = await blankTemplate();
    const csv = libreOfficeSheets(blank, {
      filter: '44,34,76,1,,0,false,true,false,false,false,-1',
      timeoutMs: 120_000,
    });
    const cells = [...csv.values()].flat(2);
    assert.ok(
      cells.some((c) => c.startsWith('Blank financials template')),
      'LibreOffice shows the guidance',
    );
    // (The helper reads LibreOffice's CSV line by line, so a label's key line is a row of its own.)
    assert.ok(
      cells.some((c) => c.startsWith('Liquidation: asset classes')),
      'and the tables',
    );
    const doc = sourced(fixture('ibc-shortfall.json'));
    const saved = libreOfficeXlsx(await fillTemplate(blank, doc), 120_000);
    const sheet = await sheetOf(saved);
    assert.ok(
      dropDown(sheet.getRow(rowOf(sheet, 'liquidation.assets').number + 1).getCell(2))?.includes('Other assets'),
    );
    const xlsx = await ingest(IBC, 'financials.xlsx', saved);
    assert.equal(xlsx.doc.status, 'PARSED', JSON.stringify(xlsx.doc.errors));
    assert.deepEqual(xlsx.financials, await asJson(IBC, doc));
  },
);

test('an older file (marker words in column A, codes, dates as text, # notes) still uploads', async () => {
  const doc = await example();
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Financials');
  sheet.addRow(['field', 'value']);
  sheet.addRow(['# Fill column B']);
  const scalars = (prefix: string, part: Record<string, unknown>) =>
    Object.entries(part).forEach(([k, v]) => typeof v !== 'object' && sheet.addRow([`${prefix}${k}`, v]));
  sheet.addRow(['unit', doc.unit]);
  sheet.addRow(['balanceSheetDate', doc.balanceSheetDate]);
  for (const part of ['shares', 'balanceSheet', 'navAdjustments', 'navAdjustmentSources'])
    scalars(`${part}.`, doc[part]);
  sheet.addRow(['nonOperatingAssets', doc.nonOperatingAssets]);
  sheet.addRow([]);
  const years = doc.projections as Record<string, unknown>[];
  sheet.addRow(['projections', ...years.map((p) => p.year)]);
  for (const field of Object.keys(years[0]).filter((k) => k !== 'year'))
    sheet.addRow([field, ...years.map((p) => p[field])]);
  const table = (name: string, marker: string, items: Record<string, unknown>[]) => {
    const columns = Object.keys(items[0]);
    sheet.addRow([]);
    sheet.addRow([name, ...columns]);
    for (const item of items) sheet.addRow([marker, ...columns.map((c) => item[c] ?? null)]);
  };
  table('history', 'year', doc.history);
  table('shareholding', 'holder', doc.shareholding);
  table('navAdjustmentSources.immovableProperties', 'property', doc.navAdjustmentSources.immovableProperties);
  const data = Buffer.from(await workbook.xlsx.writeBuffer());
  const old = await ingest({}, 'financials.xlsx', data);
  assert.equal(old.doc.status, 'PARSED', JSON.stringify(old.doc.errors));
  assert.deepEqual(old.financials, await asJson({}, doc));
});

test('a file with problems in several tables is rejected once, naming every one of them', async () => {
  const doc = await example();
  const { data: broken, rows } = await withFiveProblems(await fillTemplate(await blankTemplate(), doc));
  const { doc: rejected } = await ingest({}, 'financials.xlsx', broken);
  assert.equal(rejected.status, 'REJECTED');
  const found = (path: string, location: string | null, message: RegExp) =>
    assert.ok(
      rejected.errors.some(
        (e: { path: string; location?: string; message: string }) =>
          e.path === path && (location === null || e.location === location) && message.test(e.message),
      ),
      `${path} ${location}: ${JSON.stringify(rejected.errors, null, 1)}`,
    );
  found('/shareholding/1/instrument', `row ${rows.instrument}, column instrument`, /must be one of Equity shares, /);
  found('/history/0/revenue', `row ${rows.revenue}, column revenue`, /not a number/);
  found(
    '/navAdjustmentSources/immovableProperties/1/authority',
    `row ${rows.authority}, column authority`,
    /is required/,
  );
  found('/projections/0/year', `row ${rows.projections}, column B`, /must be FY2027/);
  found('/balanceSheet', null, /does not balance/);
  assert.equal(rejected.errors.length, 5, JSON.stringify(rejected.errors, null, 1));
});

test('the IBC asset registers are a second sheet of their own tables, and a problem there is named by its sheet', async () => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await blankTemplate()) as unknown as ArrayBuffer);
  assert.deepEqual(
    workbook.worksheets.map((s) => s.name),
    ['Financials', 'Asset registers'],
  );
  const registers = workbook.getWorksheet('Asset registers')!;
  for (const [table, column, words] of [
    ['liquidation.registers.land', 'areaUnit', 'Square metres'],
    ['liquidation.registers.machinery', 'costBasis', 'Historical cost indexed'],
    ['liquidation.registers.investments', 'investmentBasis', 'Net asset value'],
    ['liquidation.reconciliation', 'item', 'Intangible assets'],
    ['liquidation.reconciliation', 'assetClass', 'Other assets'],
  ] as const) {
    const header = rowOf(registers, table);
    assert.match(registers.getRow(header.number - 1).getCell(1).text, /\s.*\s/, `${table}: a line of guidance`);
    assert.ok(dropDown(registers.getRow(header.number + 2).getCell(columnOf(header, column)))?.includes(words));
  }
  const sales = rowOf(registers, 'liquidation.registers.landComparables');
  assert.equal(registers.getRow(sales.number + 1).getCell(columnOf(sales, 'saleDate')).numFmt, 'dd mmm yyyy');
  // No register table on the first sheet.
  assert.throws(() => rowOf(workbook.worksheets[0], 'liquidation.registers.land'));

  const filled = new ExcelJS.Workbook();
  await filled.xlsx.load(
    (await fillTemplate(await blankTemplate(), fixture('ibc-registers.json'))) as unknown as ArrayBuffer,
  );
  const sheet = filled.getWorksheet('Asset registers')!;
  const building = rowOf(sheet, 'liquidation.registers.buildings');
  sheet.getRow(building.number + 1).getCell(columnOf(building, 'totalLife')).value = 'forty';
  const { doc: rejected } = await ingest(IBC, 'financials.xlsx', Buffer.from(await filled.xlsx.writeBuffer()));
  assert.equal(rejected.status, 'REJECTED');
  assert.deepEqual(rejected.errors, [
    {
      path: '/liquidation/registers/buildings/0/totalLife',
      message: 'not a number',
      location: `sheet Asset registers, row ${building.number + 1}, column totalLife`,
    },
  ]);
});

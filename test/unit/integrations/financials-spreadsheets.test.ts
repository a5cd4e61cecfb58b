import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import {
  blankGrid,
  cellKey,
  documentToGrid,
  isHeaderRow,
  gridToDocument,
  locateError,
  type FinancialsDocumentLike,
  type Grid,
} from '../../../src/integrations/spreadsheets/financials-grid.js';
import {
  SpreadsheetReadError,
  readCsv,
  readXlsx,
  writeCsv,
  writeXlsx,
} from '../../../src/integrations/spreadsheets/financials-files.js';
import { everyBridgeItem } from '../../fixtures/valuation-inputs.js';

// The example company of docs/decisions.md (The financials document), with three projection years and the optional sections.
const sample = {
  unit: 'LAKHS',
  balanceSheetDate: '2026-03-31',
  shares: { equitySharesOutstanding: 1000000, faceValuePerShare: 10 },
  balanceSheet: {
    equityShareCapital: 100,
    preferenceShareCapital: 0,
    reservesAndSurplus: 850,
    longTermBorrowings: 300,
    shortTermBorrowings: 120,
    tradePayables: 210,
    otherCurrentLiabilities: 90,
    otherNonCurrentLiabilities: 0,
    deferredTaxLiabilities: 15,
    longTermProvisions: 40,
    shortTermProvisions: 25,
    propertyPlantEquipment: 700,
    intangibleAssets: 50,
    capitalWorkInProgress: 0,
    nonCurrentInvestments: 80,
    deferredTaxAssets: 0,
    longTermLoansAndAdvances: 30,
    otherNonCurrentAssets: 10,
    currentInvestments: 20,
    inventories: 260,
    tradeReceivables: 310,
    cashAndCashEquivalents: 180,
    shortTermLoansAndAdvances: 60,
    otherCurrentAssets: 50,
  },
  navAdjustments: {
    incomeTaxPaidNetOfRefund: 12,
    unamortisedExpenditure: 5,
    provisionForTaxationExcess: 0,
    unascertainedLiabilityProvisions: 10,
    proposedDividendsNotDeclared: 0,
    jewelleryAndArtBookValue: 0,
    jewelleryAndArtMarketValue: 0,
    sharesAndSecuritiesBookValue: 80,
    sharesAndSecuritiesFairValue: 95,
    immovablePropertyBookValue: 400,
    immovablePropertyStampDutyValue: 520,
  },
  projections: [
    {
      year: 'FY2027',
      revenue: 2400,
      ebitda: 420,
      depreciationAndAmortisation: 70,
      capitalExpenditure: 110,
      changeInNetWorkingCapital: 35,
      taxRate: 25.168,
    },
    {
      year: 'FY2028',
      revenue: 2650.5,
      ebitda: 470.25,
      depreciationAndAmortisation: 75,
      capitalExpenditure: 120,
      changeInNetWorkingCapital: -12.5,
      taxRate: 25.168,
    },
    {
      year: 'FY2029',
      revenue: 2900,
      ebitda: -15,
      depreciationAndAmortisation: 80,
      capitalExpenditure: 0,
      changeInNetWorkingCapital: 40,
      taxRate: 25.168,
    },
  ],
  nonOperatingAssets: 0,
  peers: [
    { name: 'Alpha Industries Ltd', evToEbitda: 11.2, peRatio: 18.5 },
    { name: 'Beta, "Quoted" Corp', evToEbitda: 9.8, evToRevenue: 1.4, priceToBook: 2.1 },
  ],
  comparableMetrics: { ebitda: 400 },
  liquidation: {
    assets: [
      {
        assetClass: 'LAND_AND_BUILDING',
        description: 'Factory, Pune',
        bookValue: 400,
        fairValue: 520,
        liquidationValue: 430,
      },
      { assetClass: 'INVENTORIES', bookValue: 260, fairValue: 240, liquidationValue: 150 },
    ],
    liquidationCosts: 35,
  },
  equityBridge: everyBridgeItem({ contingentLiabilities: [{ description: 'Guarantee', amount: 30, probability: 10 }] }),
} satisfies FinancialsDocumentLike;

const minimal = {
  balanceSheetDate: '2026-03-31',
  shares: { equitySharesOutstanding: 500, faceValuePerShare: 10 },
  balanceSheet: { equityShareCapital: 5000, cashAndCashEquivalents: 5000 },
  projections: sample.projections,
} satisfies FinancialsDocumentLike;

function parseOk(grid: Grid) {
  const r = gridToDocument(grid);
  assert.deepEqual(
    r.errors.map((e) => e.text),
    [],
  );
  return r.document;
}

describe('financials grid layout', () => {
  it('document → grid → document is the identity, including optional sections', () => {
    assert.deepEqual(parseOk(documentToGrid(sample)), sample);
    assert.deepEqual(parseOk(documentToGrid(minimal)), minimal, 'absent optional sections stay absent');
  });

  it('document → XLSX buffer → grid → document equals the original', async () => {
    const buffer = await writeXlsx(sample);
    assert.equal(buffer.subarray(0, 2).toString('latin1'), 'PK', 'an XLSX file is a zip');
    assert.deepEqual(parseOk(await readXlsx(buffer)), sample);
    assert.deepEqual(parseOk(await readXlsx(await writeXlsx(minimal))), minimal);
  });

  it('document → CSV → grid → document equals the original', () => {
    const csv = writeCsv(sample);
    // A header row and a line of guidance in words, then the unit in words; a peer's row leaves column A empty.
    assert.match(
      csv.toString('utf8'),
      /^Field,Value\r\n"The company: [^\r]*"\r\n"Unit of the amounts\nunit",Lakhs\r\n/,
    );
    assert.match(csv.toString('utf8'), /\r\n,"Beta, ""Quoted"" Corp",9\.8,1\.4,,2\.1/);
    assert.deepEqual(parseOk(readCsv(csv)), sample);
  });

  it('the IBC asset registers and the reconciliation: XLSX (a second sheet) and CSV read back to the same document', async () => {
    const registers = JSON.parse(
      readFileSync(new URL('../../fixtures/financials/ibc-registers.json', import.meta.url), 'utf8'),
    ) as FinancialsDocumentLike;
    assert.deepEqual(parseOk(documentToGrid(registers)), registers);
    assert.deepEqual(parseOk(readCsv(writeCsv(registers))), registers);
    const xlsx = await writeXlsx(registers);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    assert.deepEqual(
      workbook.worksheets.map((w) => w.name),
      ['Financials', 'Asset registers'],
    );
    assert.deepEqual(parseOk(await readXlsx(xlsx)), registers);
    // A document without registers leaves the second sheet's tables empty, and reads back as it was.
    assert.deepEqual(parseOk(await readXlsx(await writeXlsx(minimal))), minimal);
  });

  it('lays out projections as rows = fields, columns = FY years', () => {
    const grid = documentToGrid(sample);
    const header = grid.findIndex((r) => cellKey(r[0]) === 'projections');
    assert.deepEqual(grid[header], ['Projections\nprojections', 'FY2027', 'FY2028', 'FY2029']);
    assert.deepEqual(grid[header + 1], ['Revenue from operations\nrevenue', 2400, 2650.5, 2900]);
    assert.deepEqual(
      grid.find((r) => cellKey(r[0]) === 'balanceSheet.inventories'),
      ['Inventories\nbalanceSheet.inventories', 260],
    );
  });

  it('a bad projection cell names its row and year column (CSV)', () => {
    const csv = writeCsv(sample).toString('utf8').replace('revenue",2400,2650.5,2900', 'revenue",2400,lots,2900');
    const grid = readCsv(csv);
    const row = grid.findIndex((r) => cellKey(r[0]) === 'revenue') + 1;
    const r = gridToDocument(grid);
    assert.equal(r.document, null);
    assert.deepEqual(
      r.errors.map((e) => e.text),
      [`row ${row}, column FY2028: not a number`],
    );
    assert.deepEqual([r.errors[0].row, r.errors[0].column], [row, 'FY2028']);
  });

  it('a bad cell in an XLSX sheet names the sheet row and column', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeXlsx(sample)) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0];
    let target = 0;
    sheet.eachRow((row, n) => {
      if (cellKey(row.getCell(1).text) === 'taxRate') target = n;
    });
    sheet.getRow(target).getCell(4).value = '25%'; // FY2029 column
    let invRow = 0;
    sheet.eachRow((row, n) => {
      if (cellKey(row.getCell(1).text) === 'balanceSheet.inventories') invRow = n;
    });
    sheet.getRow(invRow).getCell(2).value = { formula: '1/0', result: { error: '#DIV/0!' } } as ExcelJS.CellValue;
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const r = gridToDocument(await readXlsx(buffer));
    assert.deepEqual(
      r.errors.map((e) => e.text).sort(),
      [`row ${invRow}, column value: not a number`, `row ${target}, column FY2029: not a number`].sort(),
    );
  });

  it('accepts numbers as people type them: grouping commas and accounting negatives', () => {
    const grid: Grid = [
      ['balanceSheet.inventories', '1,00,000'],
      ['balanceSheet.tradeReceivables', '250,000.50'],
      ['balanceSheet.reservesAndSurplus', '(35)'],
      ['nonOperatingAssets', ' 12 '],
    ];
    const doc = parseOk(grid) as { balanceSheet: Record<string, number>; nonOperatingAssets: number };
    assert.deepEqual(doc.balanceSheet, { inventories: 100000, tradeReceivables: 250000.5, reservesAndSurplus: -35 });
    assert.equal(doc.nonOperatingAssets, 12);
    for (const bad of ['1,0', '12abc', 'NaN', 'Infinity', '(-5)', '1.2.3', '0x10']) {
      assert.deepEqual(
        gridToDocument([['nonOperatingAssets', bad]]).errors.map((e) => e.text),
        ['row 1, column value: not a number'],
        bad,
      );
    }
  });

  it('reports unknown fields, duplicates, stray cells and rows outside a table', () => {
    const grid: Grid = [
      ['field', 'value'],
      ['balanceSheet.inventory', 5],
      ['unit', 'LAKHS'],
      ['unit', 'CRORES'],
      ['balanceSheetDate', '2026-03-31', 'extra'],
      [],
      ['projections', 'FY2027', null, 'FY2029'],
      ['revenue', 1, 2, 3, 4],
      ['ebitdaa', 1, 2, 3],
      [],
      ['peers', 'name', 'evToSales'],
      ['asset', 'X'],
    ];
    const r = gridToDocument(grid);
    assert.deepEqual(
      r.errors.map((e) => e.text),
      [
        "row 2, column A: unknown field 'balanceSheet.inventory'",
        'row 4, column A: unit is already given at row 3',
        'row 5, column C: unexpected value; a field takes one value, in column B',
        'row 7, column C: missing year (e.g. FY2028)',
        'row 8, column E: value outside the projection years',
        "row 9, column A: unknown projection field 'ebitdaa'; expected one of revenue, ebitda, depreciationAndAmortisation, capitalExpenditure, changeInNetWorkingCapital, taxRate",
        "row 11, column C: unknown column 'evToSales'; expected one of name, evToEbitda, evToRevenue, peRatio, priceToBook, basis, source, asOf, revenue, ebitda, marketCapitalisation",
        "row 12, column A: expected 'peer' (a row of the peers table) or a blank row to end it",
      ],
    );
  });

  it('maps JSON Pointers back to cells so schema errors can name a row and column', () => {
    const grid = documentToGrid(sample);
    const r = gridToDocument(grid);
    const revenueRow = grid.findIndex((row) => cellKey(row[0]) === 'revenue') + 1;
    assert.equal(
      locateError(r.cells, '/projections/2/revenue', 'must not be negative')?.text,
      `row ${revenueRow}, column FY2029: must not be negative`,
    );
    const dateRow = grid.findIndex((row) => cellKey(row[0]) === 'balanceSheetDate') + 1;
    assert.equal(
      locateError(r.cells, '/balanceSheetDate', 'is required')?.text,
      `row ${dateRow}, column value: is required`,
    );
    const peerRow = grid.findIndex((row) => cellKey(row[0]) === 'peers') + 2;
    assert.deepEqual(r.cells.get('/peers/0/name'), { row: peerRow, column: 'name' });
    assert.equal(locateError(r.cells, '/nope', 'x'), null);
  });

  it('ignores comment rows and reads XLSX dates as ISO dates', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Mine');
    sheet.addRow(['# Fill in column B']);
    sheet.addRow(['balanceSheetDate', new Date(Date.UTC(2026, 2, 31))]);
    sheet.addRow(['unit', { richText: [{ text: 'LA' }, { text: 'KHS' }] }]);
    const grid = await readXlsx(Buffer.from(await workbook.xlsx.writeBuffer()));
    assert.deepEqual(parseOk(grid), { balanceSheetDate: '2026-03-31', unit: 'LAKHS' });
  });

  it("the blank templates name each row by the valuer's label, the key path on a smaller second line", async () => {
    const csv = writeCsv(blankGrid()).toString('utf8');
    assert.match(csv, /\r\n"Property, plant and equipment\nbalanceSheet\.propertyPlantEquipment",\r\n/);
    assert.match(csv, /\r\n"Equity shares outstanding\nshares\.equitySharesOutstanding",\r\n/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeXlsx(blankGrid())) as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0];
    let ppe: ExcelJS.Cell | undefined;
    sheet.eachRow((row) => {
      if (cellKey(row.getCell(1).text) === 'balanceSheet.propertyPlantEquipment') ppe = row.getCell(1);
    });
    assert.ok(ppe, 'the blank XLSX has a row for property, plant and equipment');
    const [label, key] = (ppe.value as ExcelJS.CellRichTextValue).richText;
    assert.equal(label.text, 'Property, plant and equipment');
    assert.equal(key.text, '\nbalanceSheet.propertyPlantEquipment');
    assert.ok((key.font?.size ?? 11) < (label.font?.size ?? 11), 'the key line is smaller');
    assert.equal(key.font?.color?.argb, 'FF595959', 'and grey');
    assert.equal(ppe.alignment?.wrapText, true, 'the cell wraps, so both lines show');
  });

  it('reads files in the one-line layout (bare keys) and files with edited labels alike', async () => {
    const labelled = documentToGrid(sample);
    const bare = labelled.map((row) => row.map((c, i) => (i === 0 || isHeaderRow(row) ? cellKey(c) || c : c)));
    assert.equal(bare.find((r) => r[0] === 'balanceSheet.inventories')?.[1], 260);
    assert.deepEqual(parseOk(bare), sample);
    assert.deepEqual(parseOk(readCsv(writeCsv(bare))), sample);
    assert.deepEqual(parseOk(await readXlsx(await writeXlsx(bare))), sample);
    // A firm renames a label in its copy; the key on the last line still decides the field.
    const renamed = labelled.map((row) =>
      cellKey(row[0]) === 'balanceSheet.inventories' ? ['Stock in trade\r\n balanceSheet.inventories ', row[1]] : row,
    );
    assert.deepEqual(parseOk(renamed), sample);
  });

  it('unreadable files raise SpreadsheetReadError', async () => {
    assert.throws(
      () => readCsv('unit,LAKHS\nbalanceSheetDate,"2026-03-31\n'),
      (e: unknown) => e instanceof SpreadsheetReadError && /not valid CSV/.test(e.message),
    );
    await assert.rejects(readXlsx(Buffer.from('%PDF-1.7 not a workbook')), SpreadsheetReadError);
  });
});

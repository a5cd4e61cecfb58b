// Fills the blank financials XLSX template the way a valuer does in a spreadsheet program: each figure beside its
// name, choices picked in words from the cell's drop-down, dates as date cells, list rows under their table's
// header with column A left empty (docs/financials-template.md).
import assert from 'node:assert/strict';
import ExcelJS from 'exceljs';

/** The words a valuer picks from each drop-down, by the document's code (independent of the service's own list). */
export const VALUER_WORDS: Record<string, string> = {
  LAKHS: 'Lakhs',
  CRORES: 'Crores',
  RUPEES: 'Rupees',
  LAND_AND_BUILDING: 'Land and building',
  PLANT_AND_MACHINERY: 'Plant and machinery',
  OTHER: 'Other assets',
  INVENTORIES: 'Inventories',
  TRADE_RECEIVABLES: 'Trade receivables',
  CASH_AND_BANK: 'Cash and bank balances',
  SECURITIES_OR_FINANCIAL_ASSETS: 'Securities or financial assets',
  SQ_M: 'Square metres',
  REPLACEMENT_COST_NEW: 'Replacement cost new',
  INDEXED_COST: 'Historical cost indexed',
  QUOTED_PRICE: 'Quoted price',
  NET_ASSET_VALUE: 'Net asset value',
  intangibleAssets: 'Intangible assets',
  longTermLoansAndAdvances: 'Long-term loans and advances',
  otherNonCurrentAssets: 'Other non-current assets',
  shortTermLoansAndAdvances: 'Short-term loans and advances',
  otherCurrentAssets: 'Other current assets',
  EQUITY: 'Equity shares',
  ESOP: 'Employee stock options',
  CCD: 'Compulsorily convertible debentures',
  BORROWINGS: 'Borrowings',
  TRAILING: 'Trailing (last twelve months)',
  FORWARD: "Forward (next year's forecast)",
};

/** The key a cell names: the last line of its text (the label's grey key line). */
export const keyOf = (cell: ExcelJS.Cell) => {
  const lines = cell.text.split(/\r?\n/).filter((l) => l.trim() !== '');
  return lines.length ? lines[lines.length - 1].trim() : '';
};

const get = (doc: unknown, path: string[]) =>
  path.reduce<unknown>(
    (node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined),
    doc,
  );

/** The drop-down entries a cell offers, or null when it offers none. */
export function dropDown(cell: ExcelJS.Cell): string[] | null {
  const v = cell.dataValidation;
  if (v?.type !== 'list') return null;
  return String(v.formulae[0]).replace(/^"|"$/g, '').split(',');
}

/** A value as the valuer enters it in `cell`: a date cell for a date, the words of the drop-down for a code. */
function enter(cell: ExcelJS.Cell, value: unknown): void {
  if (value === undefined || value === null) return;
  const choices = dropDown(cell);
  if (choices) {
    const words = VALUER_WORDS[String(value)];
    assert.ok(
      words && choices.includes(words),
      `${String(value)}: "${words}" is offered by the drop-down (${choices})`,
    );
    cell.value = words;
  } else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    assert.equal(cell.dataValidation?.type, 'date', `the cell for ${value} is a date cell`);
    cell.value = new Date(`${value}T00:00:00Z`);
  } else cell.value = value as ExcelJS.CellValue;
}

/** The blank template (XLSX bytes) filled with `doc`, as bytes. */
export async function fillTemplate(blank: Buffer, doc: Record<string, unknown>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(blank as unknown as ArrayBuffer);
  // The first sheet, then the asset registers' sheet (IBC), each table filled where its header is.
  for (const sheet of workbook.worksheets) {
    let table: { path: string[]; columns: string[]; next: number } | null = null;
    let projections = false;
    for (let r = 1; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const key = keyOf(row.getCell(1));
      if (key === 'projections') {
        projections = true;
        (doc.projections as { year: string }[] | undefined)?.forEach((p, i) => (row.getCell(i + 2).value = p.year));
        continue;
      }
      if (projections && key && !/\s/.test(key)) {
        (doc.projections as Record<string, unknown>[] | undefined)?.forEach((p, i) =>
          enter(row.getCell(i + 2), p[key]),
        );
        continue;
      }
      projections = false;
      const columns: string[] = [];
      row.eachCell((cell, c) => c > 1 && (columns[c] = keyOf(cell)));
      if (columns.length > 2 && key && !/\s/.test(key)) {
        table = { path: key.split('.'), columns, next: r + 1 };
        continue;
      }
      if (key && !/\s/.test(key)) {
        table = null;
        enter(row.getCell(2), get(doc, key.split('.')));
      }
      if (table && r === table.next) {
        const items = (get(doc, table.path) as Record<string, unknown>[] | undefined) ?? [];
        const t = table;
        items.forEach((item, i) =>
          t.columns.forEach((column, c) => column && enter(sheet.getRow(r + i).getCell(c), item[column])),
        );
        table = null;
      }
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The row whose column A names `key` (on the label's key line). */
export function rowOf(sheet: ExcelJS.Worksheet, key: string): ExcelJS.Row {
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    if (!found && keyOf(row.getCell(1)) === key) found = row;
  });
  assert.ok(found, `a row for ${key}`);
  return found;
}

/** The column (1-based) of a table's header row that names `key`. */
export function columnOf(header: ExcelJS.Row, key: string): number {
  let found = 0;
  header.eachCell((cell, c) => {
    if (keyOf(cell) === key) found = c;
  });
  assert.ok(found > 0, `a column for ${key}`);
  return found;
}

/**
 * The example company's filled template with a problem in each of five places: an instrument not on the list (the
 * shareholding), a word for a figure (the history), a property without its authority (the properties), the first
 * projection year mistyped (the projections) and a balance sheet ₹7 lakh out. The rows are the sheet's.
 */
export async function withFiveProblems(filled: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(filled as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const item = (table: string, index: number, column: string) => {
    const header = rowOf(sheet, table);
    const row = header.number + 1 + index;
    return { row, cell: sheet.getRow(row).getCell(columnOf(header, column)) };
  };
  const instrument = item('shareholding', 1, 'instrument');
  instrument.cell.value = 'Sweat equity';
  const revenue = item('history', 0, 'revenue');
  revenue.cell.value = 'about 1750';
  const authority = item('navAdjustmentSources.immovableProperties', 1, 'authority');
  authority.cell.value = null;
  const projections = rowOf(sheet, 'projections');
  projections.getCell(2).value = 'FY2030';
  const cash = rowOf(sheet, 'balanceSheet.cashAndCashEquivalents').getCell(2);
  cash.value = Number(cash.value) + 7;
  return {
    data: Buffer.from(await workbook.xlsx.writeBuffer()),
    rows: {
      instrument: instrument.row,
      revenue: revenue.row,
      authority: authority.row,
      projections: projections.number,
    },
  };
}

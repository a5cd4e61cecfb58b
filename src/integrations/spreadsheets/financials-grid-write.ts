// Writing the financials templates' grid (the layout is described in financials-grid.ts): a document, or the blank
// template, as rows of cells, with a line of guidance in the valuer's words above each table and each part of the
// field rows, choices in words, and spare rows under each list table to fill in (docs/financials-template.md).
import { choiceWords, CHOICES } from './financials-grid-forms.js';
import { REGISTER_NOTES } from './financials-grid-registers.js';
import {
  KV_HEADER,
  LIST_TABLES,
  PROJECTIONS,
  PROJECTION_FIELDS,
  SCALARS,
  type Cell,
  type FinancialsDocumentLike,
  type Grid,
  type ListTableName,
  cellKey,
  getPath,
  labelCell,
  setPath,
} from './financials-grid-layout.js';

/** A line of guidance above the field rows of a part, by the key prefix its rows share. */
const PART_NOTES: [prefix: string, note: string][] = [
  ['unit', 'The company: the unit every amount below is in, and the date of the balance sheet.'],
  ['shares.', 'Shares: the equity shares outstanding on the balance sheet date and their face value in rupees.'],
  [
    'balanceSheet.',
    'Balance sheet on that date (Schedule III), in the unit above: total assets must equal equity and liabilities.',
  ],
  ['navAdjustments.', 'Rule 11UA adjustments to the book values: leave empty what does not apply.'],
  [
    'navAdjustmentSources.',
    'Where the Rule 11UA values come from: the exchange and date of quoted prices, the valuer of jewellery and art.',
  ],
  ['nonOperatingAssets', 'Non-operating assets the DCF adds to the value of the business (0 if none).'],
  ['comparableMetrics.', "Market approach only: the company's own figures the peers' multiples apply to."],
  [
    'liquidation.',
    'IBC only: the costs of the insolvency process and of liquidation, and the claims to meet if not the balance sheet liabilities.',
  ],
  ['equityBridge.', 'From the value of the business to the value of equity: leave empty what does not apply.'],
];

/** The line of guidance above each table, and how many rows the blank template leaves to fill in. */
const TABLE_NOTES: Record<typeof PROJECTIONS | ListTableName, string> = {
  projections:
    'Projections for the DCF: write the years across the header row (FY2027, FY2028 and so on: 3 to 10 consecutive years, the first after the balance sheet date), then each figure under its year. Leave it empty for a valuation without a DCF.',
  peers:
    'Comparable peers (market approach only): one row per listed peer, with the multiples you have; pick the basis from the list.',
  'liquidation.assets':
    'IBC only: one row per asset class, picked from the list, with the fair value and the liquidation value the registered valuers concluded and the date of the physical verification.',
  history:
    'Financial history for the report: one row per year, oldest first, the last two to five years up to the year of the balance sheet.',
  shareholding:
    'Shareholding: one row per holder, the instrument picked from the list; the equity shares add up to the equity shares outstanding.',
  'equityBridge.nonOperatingAssets': 'Equity bridge: each non-operating asset by name, with its fair value.',
  'navAdjustmentSources.immovableProperties':
    'Rule 11UA: each immovable property with the value adopted for stamp duty and the authority that adopted it.',
  'equityBridge.contingentLiabilities':
    'Equity bridge: each contingent liability with its amount and the probability (in percent) that it falls due.',
  ...REGISTER_NOTES,
};
const TABLE_ROWS: Record<ListTableName, number> = {
  peers: 10,
  'liquidation.assets': 8,
  history: 5,
  shareholding: 12,
  'equityBridge.nonOperatingAssets': 5,
  'navAdjustmentSources.immovableProperties': 6,
  'equityBridge.contingentLiabilities': 5,
  'liquidation.registers.land': 5,
  'liquidation.registers.landComparables': 10,
  'liquidation.registers.buildings': 5,
  'liquidation.registers.machinery': 10,
  'liquidation.registers.inventories': 6,
  'liquidation.registers.receivables': 6,
  'liquidation.registers.cash': 4,
  'liquidation.registers.investments': 5,
  'liquidation.reconciliation': 13,
};

/** A value as the template shows it: a choice in its words. */
const shown = (field: string, value: unknown): Cell =>
  value === undefined || value === null
    ? null
    : typeof value === 'string' && CHOICES[field]
      ? choiceWords(field, value)
      : (value as string | number);

/** The template layout for a document; every known field gets a row, blank when the document omits it. */
export function documentToGrid(doc: FinancialsDocumentLike): Grid {
  const rows: Grid = [KV_HEADER];
  const root = doc as unknown as Record<string, unknown>;
  for (const [key] of SCALARS) {
    const note = PART_NOTES.find(([prefix]) => key.startsWith(prefix));
    if (note && !rows.some((r) => r[0] === note[1])) rows.push([note[1]]);
    rows.push([labelCell(key), shown(key, getPath(root, key.split('.')))]);
  }
  rows.push([], [TABLE_NOTES.projections]);
  const projections = doc.projections ?? [];
  rows.push([labelCell(PROJECTIONS), ...projections.map((p) => p.year)]);
  for (const field of PROJECTION_FIELDS)
    rows.push([labelCell(field), ...projections.map((p) => (p[field] ?? null) as Cell)]);
  for (const [name, table] of Object.entries(LIST_TABLES) as [ListTableName, (typeof LIST_TABLES)[ListTableName]][]) {
    rows.push([], [TABLE_NOTES[name]]);
    rows.push([labelCell(name), ...table.columns.map(([c]) => labelCell(c))]);
    const items = (getPath(root, table.path) as Record<string, unknown>[] | undefined) ?? [];
    // Column A of an item row stays empty: the table's header says what the rows are.
    for (const item of items) rows.push([null, ...table.columns.map(([c]) => shown(c, item[c]))]);
    for (let spare = items.length; spare < TABLE_ROWS[name]; spare++) rows.push([]);
  }
  return rows;
}

/** A row that heads the key/value block, the projections table or a list table. */
export const isHeaderRow = (row: Cell[]) => {
  const key = cellKey(row[0]);
  return key.toLowerCase() === 'field' || key === PROJECTIONS || Object.hasOwn(LIST_TABLES, key);
};

/** What the blank template says under its first row; the reader skips a row of words in column A alone. */
const BLANK_TEMPLATE_NOTES = [
  'Blank financials template. Write each figure in column B beside its name; the small grey line under a name is for programs that read the file: leave it as it is.',
  'Pick from the drop-down list where a cell offers one, and write dates as dates (31 Mar 2026). Leave empty whatever does not apply to this valuation: the line above each table says when it applies.',
];

/** The blank template's cells: every row and table header of the layout, no value in any of them. */
export function blankGrid(): Grid {
  const [header, ...rest] = documentToGrid({ balanceSheetDate: '', shares: {}, balanceSheet: {}, projections: [] });
  const blanked = rest.map((row) => (cellKey(row[0]) === 'balanceSheetDate' ? [row[0], null] : row));
  return [header, ...BLANK_TEMPLATE_NOTES.map((note) => [note]), ...blanked];
}

/** The blank JSON template: every field present and null, each list with one blank item to show its shape. */
export function blankDocument(): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const [key] of SCALARS) setPath(doc, key.split('.'), null);
  doc[PROJECTIONS] = [Object.fromEntries(['year', ...PROJECTION_FIELDS].map((f) => [f, null]))];
  for (const table of Object.values(LIST_TABLES))
    setPath(doc, [...table.path], [Object.fromEntries(table.columns.map(([c]) => [c, null]))]);
  return doc;
}

/**
 * The field each cell of a written grid holds, by the name CHOICES and DATE_FIELDS use (a row's key, a list
 * table's column), so the XLSX writer can offer a drop-down or format a date there; null elsewhere. A list
 * table's spare rows hold its columns too, up to the next table.
 */
export function fieldsOfCells(grid: Grid): (string | null)[][] {
  let columns: string[] | null = null;
  return grid.map((row) => {
    const key = cellKey(row[0]);
    if (key === PROJECTIONS || key.toLowerCase() === 'field') columns = null;
    else if (Object.hasOwn(LIST_TABLES, key)) {
      columns = row.slice(1).map(cellKey);
      return [];
    }
    if (columns && key === '') return [null, ...columns];
    if (key !== '' && !/\s/.test(key)) columns = null;
    return columns || key === '' || /\s/.test(key) ? [] : [null, key];
  });
}

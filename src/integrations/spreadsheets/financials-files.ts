// Reading and writing the financials document's CSV and XLSX files; the layout of their cells is
// financials-grid.ts.
import { parse as parseCsv } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { MAX_SPREADSHEET_COLUMNS, MAX_SPREADSHEET_ROWS } from '../../domain/documents/upload-bounds.js';
import {
  cellKey,
  documentToGrid,
  isHeaderRow,
  type Cell,
  type FinancialsDocumentLike,
  type Grid,
} from './financials-grid.js';
import { CHOICES, DATE_FIELDS, DATE_FORMAT } from './financials-grid-forms.js';
import { fieldsOfCells } from './financials-grid-write.js';

/** The file is not readable as CSV/XLSX at all (as opposed to a readable file with bad cells). */
export class SpreadsheetReadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpreadsheetReadError';
  }
}

/** A grid larger than any financials template is refused before it is walked cell by cell. */
function assertWithinBounds(rows: number, columns: number): void {
  if (rows > MAX_SPREADSHEET_ROWS)
    throw new SpreadsheetReadError(
      `the sheet has ${rows} rows; a financials file may have at most ${MAX_SPREADSHEET_ROWS}`,
    );
  if (columns > MAX_SPREADSHEET_COLUMNS)
    throw new SpreadsheetReadError(
      `the sheet has ${columns} columns; a financials file may have at most ${MAX_SPREADSHEET_COLUMNS}`,
    );
}

/** Parses CSV bytes into a grid; row numbers are records, as a spreadsheet shows them (blank lines are kept). */
export function readCsv(buffer: Buffer | string): Grid {
  let records: string[][];
  try {
    records = parseCsv(buffer, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    const reason =
      err instanceof Error ? err.message.replace(/^Invalid Record Length: |^Quote Not Closed: /, '') : String(err);
    throw new SpreadsheetReadError(`${line ? `row ${line}: ` : ''}not valid CSV (${reason})`, { cause: err });
  }
  assertWithinBounds(
    records.length,
    records.reduce((widest, r) => Math.max(widest, r.length), 0),
  );
  return records.map((r) => r.map((c) => (c.trim() === '' ? null : c)));
}

function csvCell(c: Cell | undefined): string {
  if (c === null || c === undefined) return '';
  const s = String(c);
  return /[",\r\n]/.test(s) || s !== s.trim() ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A document, or a grid already laid out (the blank template), as the template's cells. */
const gridOf = (source: FinancialsDocumentLike | Grid): Grid =>
  Array.isArray(source) ? source : documentToGrid(source);

export function writeCsv(source: FinancialsDocumentLike | Grid): Buffer {
  return Buffer.from(
    gridOf(source)
      .map((r) => r.map(csvCell).join(','))
      .join('\r\n') + '\r\n',
    'utf8',
  );
}

/** ExcelJS cell values come in several shapes (formulas, rich text, dates, hyperlinks); flatten to Cell. */
function excelCell(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10); // dates are stored as UTC midnight
  if (typeof value === 'object') {
    if ('result' in value) return excelCell((value as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('richText' in value) return (value as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join('');
    if ('text' in value) return String((value as ExcelJS.CellHyperlinkValue).text);
    if ('error' in value) return String((value as ExcelJS.CellErrorValue).error);
  }
  return String(value);
}

/** The second sheet of the XLSX template: the IBC asset registers and the reconciliation (docs/asset-registers.md). */
export const REGISTERS_SHEET = 'Asset registers';

/** A workbook read as one grid: the first sheet's rows, then the registers sheet's, and where each row came from. */
export interface WorkbookGrid {
  grid: Grid;
  /** "row 14" on the first sheet, "sheet Asset registers, row 5" on the registers sheet (1-based row of the grid). */
  rowName: (row: number) => string;
}

/**
 * Reads the first worksheet of an XLSX file, and the asset-registers sheet where there is one, into a grid; row
 * numbers are each sheet's own. The workbook is streamed (ExcelJS's WorkbookReader): only those sheets' cells are
 * kept, and the firm's other sheets, images and drawings are inflated and dropped as they pass, so memory follows
 * the template's sheets, not the file (a 5 MB workbook with a logo and sheets of workings reads in a few tens of
 * MB). ExcelJS writes sheets that come before the shared strings to temporary files under os.tmpdir(); the reader
 * thread (reader-thread.ts) gives it a directory of its own and empties it before answering and before the next
 * workbook.
 */
export async function readXlsxBook(buffer: Buffer): Promise<WorkbookGrid> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(
    Readable.from([buffer]) as unknown as ConstructorParameters<typeof ExcelJS.stream.xlsx.WorkbookReader>[0],
    {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    },
  );
  const main: Grid = [];
  const registers: Grid = [];
  let lastRow = 0;
  let columns = 0;
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      const first = sheets++ === 0;
      const kept = first ? main : (sheet as unknown as { name?: string }).name === REGISTERS_SHEET ? registers : null;
      for await (const row of sheet) {
        // Other sheets are read through and dropped: ExcelJS parks a sheet that precedes the shared strings in a
        // temporary file and removes it only once the sheet has been read to its end.
        if (!kept) continue;
        lastRow = Math.max(lastRow, row.number);
        columns = Math.max(columns, row.cellCount);
        // Past the bounds the rows are only counted, so the refusal can say how many there are.
        if (lastRow > MAX_SPREADSHEET_ROWS || columns > MAX_SPREADSHEET_COLUMNS) continue;
        while (kept.length < row.number - 1) kept.push([]);
        const cells: Cell[] = [];
        for (let c = 1; c <= row.cellCount; c++) cells.push(excelCell(row.getCell(c).value));
        kept.push(cells);
      }
    }
  } catch (err) {
    throw new SpreadsheetReadError('not a readable XLSX workbook', { cause: err });
  }
  assertWithinBounds(lastRow, columns);
  // The registers' rows follow the first sheet's after a blank row, which ends whatever table the first sheet ended in.
  const offset = main.length + 1;
  return {
    grid: registers.length > 0 ? [...main, [], ...registers] : main,
    rowName: (row) => (row > offset ? `sheet ${REGISTERS_SHEET}, row ${row - offset}` : `row ${row}`),
  };
}

/** The first worksheet and the asset-registers sheet as one grid (readXlsxBook without the rows' sheets). */
export async function readXlsx(buffer: Buffer): Promise<Grid> {
  return (await readXlsxBook(buffer)).grid;
}

/** The key path's line under a label: smaller and grey, for whoever maps a file rather than the valuer. */
const KEY_FONT: Partial<ExcelJS.Font> = { name: 'Calibri', family: 2, size: 8, color: { argb: 'FF595959' } };

/** A two-line label cell ("label\nkey") as rich text, the key line small and grey; any other cell as it is. */
function xlsxCell(c: Cell, bold: boolean): ExcelJS.CellValue {
  if (c === null) return undefined as unknown as ExcelJS.CellValue;
  if (typeof c !== 'string' || !c.includes('\n')) return c;
  const cut = c.lastIndexOf('\n');
  return {
    richText: [
      { text: c.slice(0, cut), font: { name: 'Calibri', family: 2, bold, size: 11 } },
      { text: c.slice(cut), font: { ...KEY_FONT, bold: false } },
    ],
  };
}

const FIRST_WIDTH = 52;
const OTHER_WIDTH = 16;

/** A line of guidance: words in column A alone, in grey italics across the row. */
const isNote = (row: Cell[]) =>
  typeof row[0] === 'string' && !row[0].includes('\n') && /\s/.test(row[0]) && row.slice(1).every((c) => c === null);
const NOTE_FONT: Partial<ExcelJS.Font> = { name: 'Calibri', family: 2, italic: true, color: { argb: 'FF404040' } };

/**
 * A cell that holds a choice gets a drop-down of the choices in words; a date cell is a date (UTC midnight, as
 * the reader takes it) shown as 31 Mar 2026, with a check that it is a date.
 */
function formCell(cell: ExcelJS.Cell, field: string, value: Cell): void {
  const choices = CHOICES[field];
  if (choices) {
    cell.dataValidation = {
      type: 'list',
      allowBlank: true,
      formulae: [`"${choices.map(([, words]) => words).join(',')}"`],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: 'Pick from the list',
      error: 'Pick one of the entries of the drop-down list.',
    };
  } else if (DATE_FIELDS.has(field)) {
    cell.numFmt = DATE_FORMAT;
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) cell.value = new Date(`${value}T00:00:00Z`);
    cell.dataValidation = {
      type: 'date',
      operator: 'greaterThan',
      allowBlank: true,
      formulae: [new Date(Date.UTC(1900, 0, 1))],
      showErrorMessage: true,
      errorStyle: 'stop',
      errorTitle: 'A date',
      error: 'Write a date, such as 31 Mar 2026.',
    };
  }
}

/** One sheet of the template: its cells, bold headers, grey guidance, drop-downs and date cells. */
function writeSheet(workbook: ExcelJS.Workbook, name: string, grid: Grid): void {
  const sheet = workbook.addWorksheet(name);
  const fields = fieldsOfCells(grid);
  const width = grid.reduce((widest, row) => Math.max(widest, row.length), 2);
  grid.forEach((row, r) => {
    // Table and section headers in bold so the layout reads at a glance.
    const header = isHeaderRow(row);
    const added = sheet.addRow(row.map((c) => xlsxCell(c, header)));
    if (header) added.font = { name: 'Calibri', family: 2, bold: true };
    if (isNote(row)) added.getCell(1).font = NOTE_FONT;
    // Every column of a list table's row, spare rows included, offers its drop-down or date format.
    for (let c = 1; c < Math.max(row.length, fields[r].length) && c < width; c++) {
      const field = fields[r][c];
      if (field) formCell(added.getCell(c + 1), field, row[c] ?? null);
    }
    // The label's lines at 11 pt (more where it wraps in its column) and the key's line at 8 pt.
    const labelLines = row.map((c, i) =>
      typeof c === 'string' && c.includes('\n')
        ? Math.ceil((c.lastIndexOf('\n') * (header ? 1.1 : 1)) / (i === 0 ? FIRST_WIDTH : OTHER_WIDTH))
        : 0,
    );
    const lines = Math.max(...labelLines);
    if (lines > 0) {
      added.alignment = { wrapText: true, vertical: 'top' };
      added.height = 15 * lines + 12;
    }
  });
  sheet.getColumn(1).width = FIRST_WIDTH;
  for (let c = 2; c <= Math.max(2, sheet.columnCount); c++) sheet.getColumn(c).width = OTHER_WIDTH;
}

/** What the registers sheet says above its tables; the reader skips a row of words in column A alone. */
const REGISTERS_NOTE =
  'IBC only: the asset registers the service values row by row, and the reconciliation of the balance sheet. Leave this sheet empty for any other valuation, or for an asset class whose values you give on the first sheet.';

/**
 * The template as a workbook: the first sheet, _Financials_, with every field and table but the IBC asset registers
 * and the reconciliation, which are the second sheet's, _Asset registers_ (docs/financials-template.md).
 */
export async function writeXlsx(source: FinancialsDocumentLike | Grid): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const grid = gridOf(source);
  const cut = registersStart(grid);
  const main = cut < 0 ? grid : grid.slice(0, cut);
  while (main.length > 0 && main[main.length - 1].length === 0) main.pop();
  writeSheet(workbook, 'Financials', main);
  if (cut >= 0) writeSheet(workbook, REGISTERS_SHEET, [[REGISTERS_NOTE], [], ...grid.slice(cut)]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The row where the register tables begin: the line of guidance above the first one's header (-1: none). */
function registersStart(grid: Grid): number {
  const header = grid.findIndex((row) => isRegisterTable(cellKey(row[0])));
  if (header < 0) return -1;
  return header > 0 && isNote(grid[header - 1]) ? header - 1 : header;
}

const isRegisterTable = (key: string) =>
  key.startsWith('liquidation.registers.') || key === 'liquidation.reconciliation';

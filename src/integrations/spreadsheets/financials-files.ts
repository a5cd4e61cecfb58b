// Reading and writing the financials document's CSV and XLSX files; the layout of their cells is
// financials-grid.ts.
import { parse as parseCsv } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { MAX_SPREADSHEET_COLUMNS, MAX_SPREADSHEET_ROWS } from '../../domain/documents/upload-bounds.js';
import { documentToGrid, isHeaderRow, type Cell, type FinancialsDocumentLike, type Grid } from './financials-grid.js';
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

/**
 * Reads the first worksheet of an XLSX file into a grid; row numbers are the sheet's own. The workbook is
 * streamed (ExcelJS's WorkbookReader): only the first sheet's cells are kept, and the firm's other sheets,
 * images and drawings are inflated and dropped as they pass, so memory follows the template's sheet, not the
 * file (a 5 MB workbook with a logo and sheets of workings reads in a few tens of MB). ExcelJS writes sheets
 * that come before the shared strings to temporary files under os.tmpdir(); the reader thread
 * (reader-thread.ts) gives it a directory of its own and empties it before answering and before the next workbook.
 */
export async function readXlsx(buffer: Buffer): Promise<Grid> {
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
  const grid: Grid = [];
  let lastRow = 0;
  let columns = 0;
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      const first = sheets++ === 0;
      for await (const row of sheet) {
        // Later sheets are read through and dropped: ExcelJS parks a sheet that precedes the shared strings in a
        // temporary file and removes it only once the sheet has been read to its end.
        if (!first) continue;
        lastRow = Math.max(lastRow, row.number);
        columns = Math.max(columns, row.cellCount);
        // Past the bounds the rows are only counted, so the refusal can say how many there are.
        if (lastRow > MAX_SPREADSHEET_ROWS || columns > MAX_SPREADSHEET_COLUMNS) continue;
        while (grid.length < row.number - 1) grid.push([]);
        const cells: Cell[] = [];
        for (let c = 1; c <= row.cellCount; c++) cells.push(excelCell(row.getCell(c).value));
        grid.push(cells);
      }
    }
  } catch (err) {
    throw new SpreadsheetReadError('not a readable XLSX workbook', { cause: err });
  }
  assertWithinBounds(lastRow, columns);
  return grid;
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

export async function writeXlsx(source: FinancialsDocumentLike | Grid): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Financials');
  const grid = gridOf(source);
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
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

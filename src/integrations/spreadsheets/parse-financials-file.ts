// A financials file's bytes into the normalised financials, with every error located in the file the user
// sent. Runs on the reader thread (reader-thread.ts) for every format, so no parse holds the API's event loop.
import { parseFinancials, type NormalisedFinancials } from '../../domain/financials/normalise.js';
import { findUnstorableText, printable, unstorableTextReason } from '../../domain/financials/storable-text.js';
import { MAX_JSON_ARRAY_LENGTH, MAX_XLSX_EXPANDED_BYTES, tooDeepReason } from '../../domain/documents/upload-bounds.js';
import { columnLetter, gridToDocument, locateError, type Grid } from './financials-grid.js';
import { readCsv, readXlsxBook, SpreadsheetReadError, type WorkbookGrid } from './financials-files.js';
import { inflateZipBounded, rezip, ZipBoundExceeded, ZipUnreadable } from './zip-bounds.js';

export interface DocumentError {
  /** JSON Pointer into the canonical document, e.g. /projections/2/revenue. */
  path: string;
  message: string;
  /** For CSV/XLSX: where in the file, e.g. "row 14, column FY2028". */
  location?: string;
}

export type ParseOutcome = { ok: true; financials: NormalisedFinancials } | { ok: false; errors: DocumentError[] };

const refused = (message: string): ParseOutcome => ({ ok: false, errors: [{ path: '/', message }] });

/** The first array longer than the bound, as a JSON Pointer, walked without recursion (depth is bounded already). */
function overlongArray(value: unknown): string | null {
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (Array.isArray(v)) {
      if (v.length > MAX_JSON_ARRAY_LENGTH) return path || '/';
      v.forEach((item, i) => stack.push({ value: item, path: `${path}/${i}` }));
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) stack.push({ value: item, path: `${path}/${k}` });
    }
  }
  return null;
}

function parseJson(data: Buffer): ParseOutcome {
  // Checked at upload too; a document stored before the bound existed meets it here.
  const tooDeep = tooDeepReason(data);
  if (tooDeep) return refused(tooDeep);
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (err) {
    return refused(`not valid JSON: ${(err as Error).message}`);
  }
  const overlong = overlongArray(json);
  if (overlong)
    return {
      ok: false,
      errors: [
        {
          path: printable(overlong),
          message: `the list has more than ${MAX_JSON_ARRAY_LENGTH.toLocaleString('en-IN')} entries; a financials document may hold at most that many`,
        },
      ],
    };
  const unstorable = findUnstorableText(json);
  if (unstorable.length) return { ok: false, errors: unstorable };
  return parseFinancials(json);
}

/** A workbook part other than a sheet: the reader wants these (workbook, relationships, shared strings) first. */
const beforeSheets = (name: string) => !name.startsWith('xl/worksheets/') && !name.startsWith('xl/chartsheets/');

/**
 * The workbook re-packed from what its entries actually inflate to, so the reader can never inflate more; its
 * sheets last, so ExcelJS reads the workbook and shared strings first and parks no sheet in a temporary file.
 */
function boundedWorkbook(data: Buffer): Buffer {
  try {
    return rezip(inflateZipBounded(data, MAX_XLSX_EXPANDED_BYTES), beforeSheets);
  } catch (err) {
    if (err instanceof ZipBoundExceeded)
      throw new SpreadsheetReadError(`the workbook expands to more than ${MAX_XLSX_EXPANDED_BYTES} bytes`);
    if (err instanceof ZipUnreadable) throw new SpreadsheetReadError(`not a readable XLSX workbook (${err.message})`);
    throw err;
  }
}

export async function parseFinancialsFile(format: string, data: Buffer): Promise<ParseOutcome> {
  if (format === 'JSON') return parseJson(data);
  let grid: Grid;
  // Where a row is: its sheet (the XLSX template's registers are a second sheet) and its row there.
  let rowName: WorkbookGrid['rowName'] = (row) => `row ${row}`;
  try {
    if (format === 'XLSX') ({ grid, rowName } = await readXlsxBook(boundedWorkbook(data)));
    else grid = readCsv(data);
  } catch (err) {
    if (err instanceof SpreadsheetReadError) return refused(printable(err.message));
    throw err;
  }
  // Every problem of the file at once (docs/financials-template.md, Every problem in one answer): text that cannot
  // be stored is named and read on in its printable form, the cells that cannot be read are named, and what was
  // read is validated all the same, so the schema and the cross-field checks report the rest of the file too.
  const unstorable: DocumentError[] = [];
  // Each located error's row in the grid, to list the errors in the order of the file.
  const rows = new Map<DocumentError, number>();
  const readable = grid.map((row, r) =>
    row.map((cell, c) => {
      const reason = typeof cell === 'string' ? unstorableTextReason(cell) : null;
      if (!reason) return cell;
      unstorable.push({ path: '/', message: reason, location: `${rowName(r + 1)}, column ${columnLetter(c)}` });
      rows.set(unstorable[unstorable.length - 1], r + 1);
      return printable(cell as string);
    }),
  );
  const tabular = gridToDocument(readable);
  const cellErrors: DocumentError[] = tabular.errors.map((e) => {
    const error = { path: e.pointer ?? '/', message: e.message, location: `${rowName(e.row)}, column ${e.column}` };
    rows.set(error, e.row);
    return error;
  });
  const result = parseFinancials(tabular.read);
  if (result.ok && unstorable.length === 0 && cellErrors.length === 0) return result;
  // A cell already named (not a number, not one of the list) is not named again as missing.
  const named = new Set(cellErrors.filter((e) => e.path !== '/').map((e) => e.path));
  const documentErrors = (result.ok ? [] : result.errors)
    .filter((e) => !named.has(e.path))
    .map((e) => {
      const cell = locateError(tabular.cells, e.path, e.message);
      if (!cell) return e;
      const located = { ...e, location: `${rowName(cell.row)}, column ${cell.column}` };
      rows.set(located, cell.row);
      return located;
    });
  // In the order of the sheet, as the valuer corrects it; what names no cell (a whole table, the balance sheet) last.
  const rowOf = (e: DocumentError) => rows.get(e) ?? Infinity;
  const errors = [...unstorable, ...cellErrors, ...documentErrors];
  return {
    ok: false,
    errors: errors
      .map((e, i) => ({ e, i }))
      .sort((a, b) => rowOf(a.e) - rowOf(b.e) || a.i - b.i)
      .map(({ e }) => e),
  };
}

// The grid layout of the financials document's CSV/XLSX templates (docs/decisions.md, The financials document). One grid layout serves both formats:
//
//   Field                          | Value
//   The company: the unit …        |                ← a line of guidance: words in column A alone, skipped
//   unit                           | Lakhs
//   balanceSheet.inventories       | 260            ← "section.field → value" rows
//   (blank row)
//   projections                    | FY2027 | FY2028 | …   ← table header: rows = fields, columns = years
//   revenue                        | 2400   | 2600   | …
//   (blank row)
//   peers                          | name | evToEbitda | …   ← optional list tables, one row per item
//                                  | Alpha Ltd | 11.2 | …   ← column A empty (older files: the marker `peer`)
//   liquidation.assets             | assetClass | description | …
//
// Each key above is written under the valuer's label, in the same cell ("Inventories" / "balanceSheet.inventories");
// the reader goes by the cell's last line (cellKey in financials-grid-layout.ts). A choice is read from its words
// or its code, a date from a date cell or text (financials-grid-forms.ts). Blank rows inside a list table (spare
// rows left empty) do not end it: its rows go on until another table or a field row.
//
// This module only maps cells to and from the canonical JSON shape (reading and writing the files is
// financials-files.ts) and reports cell-level problems
// ("row 14, column FY2028: not a number"); the financials schema validates the result, and
// `cells` lets its JSON Pointer errors be reported as cells too.
import {
  LIST_TABLES,
  PROJECTIONS,
  PROJECTION_FIELDS,
  SCALAR_KIND,
  type Cell,
  type Grid,
  type Kind,
  type ListTableName,
  cellKey,
  getPath,
  setPath,
} from './financials-grid-layout.js';
import { CHOICES, DATE_FIELDS, choiceMessage, readChoice, readDate, readYear } from './financials-grid-forms.js';

export type { Cell, FinancialsDocumentLike, Grid } from './financials-grid-layout.js';
export { cellKey, keyLabel } from './financials-grid-layout.js';
export { blankDocument, blankGrid, documentToGrid, isHeaderRow } from './financials-grid-write.js';

export interface CellRef {
  /** 1-based, as a spreadsheet shows it (a CSV record, which a two-line label cell spreads over two text lines). */
  row: number;
  /** The column's header name (FY2028, value, bookValue…), or its letter when it has none. */
  column: string;
}

export interface CellError extends CellRef {
  message: string;
  /** The field the cell holds, as a JSON Pointer, where the cell is a field's value. */
  pointer?: string;
  /** "row 14, column FY2028: not a number" */
  text: string;
}

export interface GridParseResult {
  /** The canonical JSON object, unvalidated; null when a cell could not be read. */
  document: Record<string, unknown> | null;
  /** What could be read, also where some cells could not: the schema then reports the rest at once. */
  read: Record<string, unknown>;
  errors: CellError[];
  /** JSON Pointer (/projections/1/revenue) → the cell it came from, to report schema errors as cells. */
  cells: Map<string, CellRef>;
}

const cellError = (row: number, column: string, message: string): CellError => ({
  row,
  column,
  message,
  text: `row ${row}, column ${column}: ${message}`,
});

/** Re-expresses a schema error at a JSON Pointer as a cell error, when that pointer came from a cell. */
export function locateError(cells: Map<string, CellRef>, pointer: string, message: string): CellError | null {
  const ref = cells.get(pointer);
  return ref ? cellError(ref.row, ref.column, message) : null;
}

export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const isBlank = (c: Cell | undefined) => c === null || c === undefined || (typeof c === 'string' && c.trim() === '');
const text = (c: Cell | undefined) => (isBlank(c) ? '' : String(c).trim());

/**
 * Reads a number the way people type them in spreadsheets: 1,00,000 or 100,000 (grouping commas dropped),
 * (35) for −35. Anything else that is not a plain decimal is refused rather than guessed.
 */
function readNumber(c: Cell): number | undefined {
  if (typeof c === 'number') return Number.isFinite(c) ? c : undefined;
  let s = text(c);
  let negative = false;
  const paren = /^\((.*)\)$/.exec(s);
  if (paren) {
    s = paren[1].trim();
    negative = true;
  }
  if (/^[+-]?\d{1,3}(,\d{2,3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(s)) return undefined;
  if (negative && /^[+-]/.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? (negative ? -n : n) : undefined;
}

const pointer = (path: readonly (string | number)[]) => `/${path.join('/')}`;

/** Maps a grid (CSV rows or the first worksheet) to the canonical financials object. */
export function gridToDocument(rows: Grid): GridParseResult {
  const doc: Record<string, unknown> = {};
  const errors: CellError[] = [];
  const cells = new Map<string, CellRef>();
  const seen = new Map<string, number>();

  const readValue = (rowNo: number, column: string, cell: Cell, kind: Kind, path: readonly (string | number)[]) => {
    cells.set(pointer(path), { row: rowNo, column });
    if (isBlank(cell)) return; // blank = absent; the schema decides whether that is allowed
    const refuse = (message: string) => errors.push({ ...cellError(rowNo, column, message), pointer: pointer(path) });
    // A row's whole key (unit) or a list table's column (assetClass) names the field's form.
    const field = typeof path[path.length - 2] === 'number' ? String(path[path.length - 1]) : path.join('.');
    if (CHOICES[field]) {
      const code = readChoice(field, text(cell));
      if (code === undefined) refuse(choiceMessage(field));
      else setPath(doc, path, code);
    } else if (DATE_FIELDS.has(field)) {
      const date = readDate(typeof cell === 'number' ? cell : text(cell));
      if (date === undefined) refuse('not a date (write it as 31 Mar 2026)');
      else setPath(doc, path, date);
    } else if (kind === 'number') {
      const n = readNumber(cell);
      if (n === undefined) refuse('not a number');
      else setPath(doc, path, n);
    } else {
      setPath(doc, path, field === 'year' ? readYear(cell as string | number) : text(cell));
    }
  };

  type ListMode = { kind: 'list'; name: ListTableName; headers: string[]; count: number };
  let mode: { kind: 'kv' } | { kind: 'projections'; years: (string | null)[]; headerRow: number } | ListMode = {
    kind: 'kv',
  };
  // The list table read last: a row with column A empty after blank rows is still one of its items.
  let lastList: ListMode | null = null;

  rows.forEach((row, index) => {
    const rowNo = index + 1;
    const label = cellKey(row[0]);
    if (row.every(isBlank)) {
      if (mode.kind !== 'list') mode = { kind: 'kv' }; // a blank row ends the projections
      return;
    }
    if (label.startsWith('#')) return; // comment rows, e.g. instructions in older templates
    // A line of guidance: words in column A alone (a key never holds a space).
    if (/\s/.test(label) && row.slice(1).every(isBlank)) return;
    if (index === 0 && label.toLowerCase() === 'field' && text(row[1]).toLowerCase() === 'value') return;
    if (label === '' && mode.kind === 'kv' && lastList) mode = lastList;

    if (label === PROJECTIONS) {
      if (seen.has(PROJECTIONS)) {
        errors.push(cellError(rowNo, 'A', `the projections table already started at row ${seen.get(PROJECTIONS)}`));
        mode = { kind: 'kv' };
        return;
      }
      seen.set(PROJECTIONS, rowNo);
      const years = row.slice(1).map((c) => (isBlank(c) ? null : readYear(c as string | number)));
      while (years.length > 0 && years[years.length - 1] === null) years.pop();
      years.forEach((y, i) => {
        const column = columnLetter(i + 1);
        if (y === null) errors.push(cellError(rowNo, column, 'missing year (e.g. FY2028)'));
        else {
          setPath(doc, [PROJECTIONS, i, 'year'], y);
          cells.set(pointer([PROJECTIONS, i, 'year']), { row: rowNo, column });
        }
      });
      // A projections table left empty (no year written) is no projections: a valuation without a DCF.
      mode = { kind: 'projections', years, headerRow: rowNo };
      return;
    }
    if (Object.hasOwn(LIST_TABLES, label)) {
      const name = label as ListTableName;
      if (seen.has(name)) {
        errors.push(cellError(rowNo, 'A', `the ${name} table already started at row ${seen.get(name)}`));
        mode = { kind: 'kv' };
        return;
      }
      seen.set(name, rowNo);
      const allowed = LIST_TABLES[name].columns.map(([c]) => c as string);
      const headers = row.slice(1).map(cellKey);
      while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
      headers.forEach((h, i) => {
        if (!allowed.includes(h))
          errors.push(
            cellError(rowNo, columnLetter(i + 1), `unknown column '${h}'; expected one of ${allowed.join(', ')}`),
          );
      });
      lastList = { kind: 'list', name, headers, count: 0 };
      mode = lastList;
      return;
    }

    if (mode.kind === 'projections') {
      const field = PROJECTION_FIELDS.find((f) => f === label);
      if (!field) {
        errors.push(
          cellError(rowNo, 'A', `unknown projection field '${label}'; expected one of ${PROJECTION_FIELDS.join(', ')}`),
        );
        return;
      }
      const key = `${PROJECTIONS}.${field}`;
      if (seen.has(key)) {
        errors.push(cellError(rowNo, 'A', `${field} is already given at row ${seen.get(key)}`));
        return;
      }
      seen.set(key, rowNo);
      mode.years.forEach((year, i) => {
        if (year !== null) readValue(rowNo, year, row[i + 1] ?? null, 'number', [PROJECTIONS, i, field]);
      });
      const width = mode.years.length + 1;
      row.slice(width).forEach((c, j) => {
        if (!isBlank(c)) errors.push(cellError(rowNo, columnLetter(width + j), 'value outside the projection years'));
      });
      return;
    }

    if (mode.kind === 'list' && label !== '' && label !== LIST_TABLES[mode.name].itemLabel && SCALAR_KIND.has(label))
      mode = { kind: 'kv' }; // a field row after a list table ends it
    if (mode.kind === 'list') {
      const table = LIST_TABLES[mode.name];
      // Column A of an item is empty, or (older files) holds the table's marker word.
      if (label !== '' && label !== table.itemLabel) {
        errors.push(
          cellError(
            rowNo,
            'A',
            `expected '${table.itemLabel}' (a row of the ${mode.name} table) or a blank row to end it`,
          ),
        );
        return;
      }
      const item = mode.count++;
      mode.headers.forEach((h, i) => {
        const column = table.columns.find(([c]) => c === h);
        if (column) readValue(rowNo, h, row[i + 1] ?? null, column[1], [...table.path, item, h]);
      });
      // An all-blank item still exists, so the schema can say which fields it lacks.
      if (!getPath(doc, [...table.path, item])) setPath(doc, [...table.path, item], {});
      return;
    }

    const kind = SCALAR_KIND.get(label);
    if (!kind) {
      errors.push(
        cellError(
          rowNo,
          'A',
          label === '' ? 'a value without a field: name the field in column A' : `unknown field '${label}'`,
        ),
      );
      return;
    }
    if (seen.has(label)) {
      errors.push(cellError(rowNo, 'A', `${label} is already given at row ${seen.get(label)}`));
      return;
    }
    seen.set(label, rowNo);
    readValue(rowNo, 'value', row[1] ?? null, kind, label.split('.'));
    row.slice(2).forEach((c, j) => {
      if (!isBlank(c))
        errors.push(cellError(rowNo, columnLetter(2 + j), 'unexpected value; a field takes one value, in column B'));
    });
  });

  return { document: errors.length === 0 ? doc : null, read: doc, errors, cells };
}

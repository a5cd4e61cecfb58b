// What an uploaded financials file may cost before anything parses it (docs/decisions.md, Upload bounds per
// format). The template fills a few dozen rows and expands to a few kilobytes; these bounds leave room for a
// firm's own formatting and refuse, at upload, what would take the service's memory or time: a workbook is
// measured by what it actually inflates to (counted while inflating, never read from the archive's own
// size fields), a CSV by its bytes and rows, a JSON document by its bytes and how deep it nests.

/**
 * The most a workbook's entries may expand to, together: room for a 5 MB workbook of a firm's own (its logo,
 * other sheets), which the reader thread's bounded heap reads in about a second (docs/decisions.md).
 */
export const MAX_XLSX_EXPANDED_BYTES = 8 * 1024 * 1024;
/** The most rows a CSV or the first sheet of a workbook may have. */
export const MAX_SPREADSHEET_ROWS = 2_000;
/** The most columns any row may have (the widest table is the projections: a label and 10 years). */
export const MAX_SPREADSHEET_COLUMNS = 50;
/** The largest CSV: 2,000 rows of 50 cells of 20 characters. The template's CSV is a few kilobytes. */
export const MAX_CSV_BYTES = 2 * 1024 * 1024;
/** The largest JSON document: the template's is a few kilobytes, with every list at its longest well under this. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** How deep a JSON document may nest: the financials document is four levels deep. */
export const MAX_JSON_DEPTH = 64;
/** The longest array a JSON document may hold (peers, transactions, projections, assets…). */
export const MAX_JSON_ARRAY_LENGTH = 2_000;

/**
 * How deep the JSON text nests (objects and arrays), counted over its bytes without parsing it, stopping as
 * soon as `stopAt` is passed. Brackets inside strings do not count.
 */
export function jsonNestingDepth(data: Uint8Array, stopAt = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < data.length; i++) {
    const b = data[i];
    if (inString) {
      if (b === 0x5c)
        i++; // backslash: the next byte is escaped
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > stopAt) return deepest;
      }
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return deepest;
}

/** Lines in a CSV text (a final line without its newline counts). */
export function csvLineCount(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.length > 0 && !text.endsWith('\n') ? lines + 1 : lines;
}

export const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The sentence for a workbook of `fileBytes` whose inflation passed the bound (and was stopped there). */
export function workbookTooLargeReason(fileBytes: number): string {
  return (
    `The ${mb(fileBytes)} workbook expands to more than ${mb(MAX_XLSX_EXPANDED_BYTES)} (counted while inflating it; inflation stopped at that bound); ` +
    `a financials workbook may expand to at most ${mb(MAX_XLSX_EXPANDED_BYTES)}. Keep only the template's sheet, without images or other sheets`
  );
}

/**
 * Why this CSV or JSON financials file is too large to parse, as a sentence, or null when it is not. (A workbook
 * is measured by inflating it: workbookTooLargeReason.)
 */
export function oversizeReason(format: 'XLSX' | 'CSV' | 'JSON' | 'PDF', data: Uint8Array): string | null {
  if (format === 'CSV') {
    if (data.length > MAX_CSV_BYTES)
      return `The CSV is ${mb(data.length)}; a financials CSV may be at most ${mb(MAX_CSV_BYTES)}`;
    const rows = csvLineCount(new TextDecoder().decode(data));
    if (rows > MAX_SPREADSHEET_ROWS)
      return `The CSV has ${rows.toLocaleString('en-IN')} rows; a financials file may have at most ${MAX_SPREADSHEET_ROWS.toLocaleString('en-IN')}`;
  }
  if (format === 'JSON' && data.length > MAX_JSON_BYTES) {
    return `The JSON document is ${mb(data.length)}; a financials JSON document may be at most ${mb(MAX_JSON_BYTES)}`;
  }
  return null;
}

/** Why this JSON document nests too deeply to parse, as a sentence, or null. */
export function tooDeepReason(data: Uint8Array): string | null {
  const depth = jsonNestingDepth(data, MAX_JSON_DEPTH);
  return depth > MAX_JSON_DEPTH
    ? `the JSON document nests more than ${MAX_JSON_DEPTH} levels deep; a financials document may nest at most ${MAX_JSON_DEPTH}`
    : null;
}

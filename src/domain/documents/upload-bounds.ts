// What an uploaded financials file may cost before anything parses it (docs/decisions.md, Upload bounds per
// format). The template fills a few dozen rows and expands to a few kilobytes; these bounds leave room for a
// firm's own formatting and refuse, at upload, what would take the service's memory or time: a workbook is
// measured by what it actually inflates to (counted while inflating, never read from the archive's own
// size fields), a CSV by its bytes and rows, a JSON document by its bytes and how deep it nests.
import { printable } from '../financials/storable-text.js';

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

/** Segments of a JSON Pointer shown before it is cut short with "…" (the whole one is 65 levels long). */
const POINTER_SEGMENTS_SHOWN = 8;

/** A JSON Pointer of `segments`, its first few only, then "/…" when there are more (a place to look, not to resolve). */
export function shortPointer(segments: readonly string[]): string {
  const token = (s: string) => printable(s).replace(/~/g, '~0').replace(/\//g, '~1');
  const shown = segments.slice(0, POINTER_SEGMENTS_SHOWN).map((s) => `/${token(s)}`);
  return shown.join('') + (segments.length > POINTER_SEGMENTS_SHOWN ? '/…' : '');
}

/**
 * Where the JSON text first nests deeper than `max` (objects and arrays), as the JSON Pointer segments to the
 * object or array that does, or null when it never does. Counted over the bytes without parsing them (keys are
 * decoded one at a time), stopping there.
 */
export function jsonTooDeepAt(data: Uint8Array, max: number): string[] | null {
  // One frame per open object or array: the key or index of the value being read in it.
  const frames: { array: boolean; index: number; key: string; expectKey: boolean }[] = [];
  let inString = false;
  let stringStart = 0;
  for (let i = 0; i < data.length; i++) {
    const b = data[i];
    if (inString) {
      if (b === 0x5c)
        i++; // backslash: the next byte is escaped
      else if (b === 0x22) {
        inString = false;
        const top = frames.at(-1);
        if (top && !top.array && top.expectKey) top.key = decodeKey(data.subarray(stringStart, i + 1));
      }
    } else if (b === 0x22) {
      inString = true;
      stringStart = i;
    } else if (b === 0x7b || b === 0x5b) {
      if (frames.length === max) return frames.map((f) => (f.array ? String(f.index) : f.key));
      frames.push({ array: b === 0x5b, index: 0, key: '', expectKey: b === 0x7b });
    } else if (b === 0x7d || b === 0x5d) frames.pop();
    else if (b === 0x3a) {
      const top = frames.at(-1);
      if (top) top.expectKey = false;
    } else if (b === 0x2c) {
      const top = frames.at(-1);
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
    }
  }
  return null;
}

function decodeKey(quoted: Uint8Array): string {
  const text = new TextDecoder().decode(quoted);
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.slice(1, -1);
  }
}

/** Why this JSON document nests too deeply to parse, as a sentence naming where, or null. */
export function tooDeepReason(data: Uint8Array): string | null {
  const at = jsonTooDeepAt(data, MAX_JSON_DEPTH);
  return at
    ? `the JSON document nests more than ${MAX_JSON_DEPTH} levels deep, at ${shortPointer(at) || '/'}; a financials document may nest at most ${MAX_JSON_DEPTH}`
    : null;
}

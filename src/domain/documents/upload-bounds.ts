// What an uploaded financials spreadsheet may cost before anything parses it (docs/decisions.md, The
// financials document). The template fills a few dozen rows and expands to a few kilobytes; these
// bounds leave room for a firm's own formatting and refuse, at upload, what would take the service's
// memory or time: a workbook is measured by what it expands to (read from the zip's central
// directory, without inflating anything), a CSV by its rows.

/**
 * The most a workbook's entries may expand to, together: room for a 5 MB workbook of a firm's own (its logo,
 * other sheets), which the reader thread's bounded heap reads in about a second (docs/decisions.md).
 */
export const MAX_XLSX_EXPANDED_BYTES = 8 * 1024 * 1024;
/** The most rows a CSV or the first sheet of a workbook may have. */
export const MAX_SPREADSHEET_ROWS = 2_000;
/** The most columns any row may have (the widest table is the projections: a label and 10 years). */
export const MAX_SPREADSHEET_COLUMNS = 50;

const EOCD = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;

/**
 * The total uncompressed size of a zip archive's entries, from its central directory; null when the
 * archive cannot be read that way (or uses ZIP64 sizes, which no template needs).
 */
export function zipExpandedBytes(data: Uint8Array): number | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  // The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes.
  const stop = Math.max(0, data.length - 22 - 65_535);
  let eocd = -1;
  for (let i = data.length - 22; i >= stop; i--) {
    if (view.getUint32(i, true) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const entries = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > data.length || view.getUint32(offset, true) !== CENTRAL_ENTRY) return null;
    const size = view.getUint32(offset + 24, true);
    if (size === 0xffffffff) return null;
    total += size;
    offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return total;
}

/** Lines in a CSV text (a final line without its newline counts). */
export function csvLineCount(text: string): number {
  let lines = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lines++;
  return text.length > 0 && !text.endsWith('\n') ? lines + 1 : lines;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** Why this financials file is too large to parse, as a sentence, or null when it is not. */
export function oversizeReason(format: 'XLSX' | 'CSV' | 'JSON' | 'PDF', data: Uint8Array): string | null {
  if (format === 'XLSX') {
    const expanded = zipExpandedBytes(data);
    if (expanded === null) return null; // unreadable archives are refused by the reader, with its reason
    if (expanded > MAX_XLSX_EXPANDED_BYTES) {
      return `The workbook expands to ${mb(expanded)}; a financials workbook may expand to at most ${mb(MAX_XLSX_EXPANDED_BYTES)}. Keep only the template's sheet, without images or other sheets`;
    }
  }
  if (format === 'CSV') {
    const rows = csvLineCount(new TextDecoder().decode(data));
    if (rows > MAX_SPREADSHEET_ROWS) return `The CSV has ${rows.toLocaleString('en-IN')} rows; a financials file may have at most ${MAX_SPREADSHEET_ROWS.toLocaleString('en-IN')}`;
  }
  return null;
}

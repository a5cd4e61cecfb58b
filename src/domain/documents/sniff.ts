// Judges an upload's type by its content, not its name: a renamed executable is not a CSV.
export type DocumentFormat = 'PDF' | 'XLSX' | 'JSON' | 'CSV' | 'DOCX' | 'PNG' | 'JPEG';

export const CONTENT_TYPES: Record<DocumentFormat, string> = {
  PDF: 'application/pdf',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  JSON: 'application/json',
  CSV: 'text/csv',
  DOCX: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  PNG: 'image/png',
  JPEG: 'image/jpeg',
};

/** The formats a financials file may have (the template layouts); evidence may be any format above. */
export const FINANCIALS_FORMATS: readonly DocumentFormat[] = ['JSON', 'CSV', 'XLSX'];

function startsWith(data: Uint8Array, bytes: number[]): boolean {
  return bytes.every((b, i) => data[i] === b);
}

/** An OOXML workbook is a ZIP whose entries name the workbook part. */
function looksLikeXlsx(data: Uint8Array): boolean {
  if (!startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return false;
  // Searched in the bytes: a 5 MB upload copied into a string first held the event loop ~25 ms.
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const has = (name: string) => bytes.includes(name, 0, 'latin1');
  return has('xl/workbook.xml') || (has('[Content_Types].xml') && has('xl/'));
}

/** An OOXML word-processing document: a ZIP whose entries name the document part. */
function looksLikeDocx(data: Uint8Array): boolean {
  if (!startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return false;
  return Buffer.from(data.buffer, data.byteOffset, data.byteLength).includes('word/document.xml', 0, 'latin1');
}

function decodeUtf8Text(data: Uint8Array): string | null {
  if (data.includes(0)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return null;
  }
}

export function sniffFormat(data: Uint8Array): DocumentFormat | null {
  if (data.length === 0) return null;
  if (startsWith(data, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'PDF'; // %PDF-
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'PNG';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'JPEG';
  if (looksLikeDocx(data)) return 'DOCX';
  if (looksLikeXlsx(data)) return 'XLSX';
  const text = decodeUtf8Text(data);
  if (text === null) return null;
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      JSON.parse(trimmed);
      return 'JSON';
    } catch {
      return null;
    }
  }
  // Plain text with a delimiter on its first line: treat as CSV; its cells are validated later.
  const firstLine = trimmed.split(/\r?\n/, 1)[0] ?? '';
  if (firstLine.includes(',') && !/[\x00-\x08\x0e-\x1f]/.test(trimmed)) return 'CSV';
  return null;
}

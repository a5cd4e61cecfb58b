// What an uploaded file is (judged by its content) and whether a financials file is within its bounds, worked out
// on a thread of its own for a large file (src/lib/threads.ts): judging a 20 MB JSON document parses all of it, and
// counting a CSV's rows or inflating a workbook reads all of it, which would hold the event loop that answers the
// API (docs/architecture.md, Work on threads). A small file is checked where it is, quicker than a thread starts.
import type { DocumentKind } from '../../contract/document-kinds.js';
import { FINANCIALS_FORMATS, sniffFormat, type DocumentFormat } from '../../domain/documents/sniff.js';
import {
  MAX_JSON_BYTES,
  MAX_XLSX_EXPANDED_BYTES,
  oversizeReason,
  tooDeepReason,
  workbookTooLargeReason,
} from '../../domain/documents/upload-bounds.js';
import { inflateZipBounded, ZipBoundExceeded } from '../../integrations/spreadsheets/zip-bounds.js';
import { runInThread, serveThread } from '../../lib/threads.js';

export interface UploadCheck {
  format: DocumentFormat | null;
  /** A financials file larger than its format's bound (a workbook by what it actually inflates to): 413. */
  tooLarge?: string;
  /** A financials JSON document nested too deep: 400. */
  tooDeep?: string;
}

/** Files from this size on are checked on a thread. */
const THREAD_FROM_BYTES = 512 * 1024;

export function checkUpload(kind: DocumentKind, data: Uint8Array): UploadCheck {
  const format = sniffFormat(data);
  if (kind !== 'FINANCIALS' || !format || !FINANCIALS_FORMATS.includes(format)) return { format };
  const oversize = oversizeReason(format as 'XLSX' | 'CSV' | 'JSON', data);
  if (oversize) return { format, tooLarge: oversize };
  if (format === 'JSON') {
    const tooDeep = tooDeepReason(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    if (tooDeep) return { format, tooDeep };
  }
  if (format === 'XLSX') {
    try {
      inflateZipBounded(Buffer.from(data.buffer, data.byteOffset, data.byteLength), MAX_XLSX_EXPANDED_BYTES);
    } catch (err) {
      if (err instanceof ZipBoundExceeded) return { format, tooLarge: workbookTooLargeReason(data.length) };
      // An archive that cannot be walked is refused by the reader at ingestion, with its reason.
    }
  }
  return { format };
}

/**
 * A financials file that begins as a JSON document does and is longer than a JSON document may be: refused by its
 * length alone, before anything parses it (parsing 20 MB takes a thread hundreds of megabytes).
 */
function jsonTooLong(kind: DocumentKind, data: Uint8Array): UploadCheck | null {
  if (kind !== 'FINANCIALS' || data.length <= MAX_JSON_BYTES) return null;
  let i = data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf ? 3 : 0;
  while (i < data.length && (data[i] === 0x20 || data[i] === 0x09 || data[i] === 0x0a || data[i] === 0x0d)) i++;
  if (data[i] !== 0x7b && data[i] !== 0x5b) return null;
  return { format: 'JSON', tooLarge: oversizeReason('JSON', data)! };
}

/** checkUpload, on a thread for a large file. */
export function checkUploadOffThread(kind: DocumentKind, data: Buffer): Promise<UploadCheck> {
  const early = jsonTooLong(kind, data);
  if (early) return Promise.resolve(early);
  if (data.length < THREAD_FROM_BYTES) return Promise.resolve(checkUpload(kind, data));
  return runInThread<UploadCheck>(
    new URL(import.meta.url),
    { kind, data },
    {
      name: 'upload checks',
      resourceLimits: { maxOldGenerationSizeMb: 256 },
      timeoutMs: 60_000,
      nice: 10,
      keepMs: 30_000,
    },
  );
}

serveThread(({ kind, data }: { kind: DocumentKind; data: Uint8Array }) => checkUpload(kind, data));

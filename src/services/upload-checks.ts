// What an uploaded file is (judged by its content) and whether a financials file is within its bounds, worked out
// on a thread of its own for a large file (src/lib/threads.ts): judging a 20 MB JSON document parses all of it, and
// counting a CSV's rows or inflating a workbook reads all of it, which would hold the event loop that answers the
// API (docs/architecture.md, Work on threads). A small file is checked where it is, quicker than a thread starts.
import type { DocumentKind } from '../contract/document-kinds.js';
import { FINANCIALS_FORMATS, sniffFormat, type DocumentFormat } from '../domain/documents/sniff.js';
import {
  MAX_XLSX_EXPANDED_BYTES,
  oversizeReason,
  tooDeepReason,
  workbookTooLargeReason,
} from '../domain/documents/upload-bounds.js';
import { inflateZipBounded, ZipBoundExceeded } from '../integrations/spreadsheets/zip-bounds.js';
import { runInThread, serveThread } from '../lib/threads.js';

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

/** checkUpload, on a thread for a large file. */
export function checkUploadOffThread(kind: DocumentKind, data: Buffer): Promise<UploadCheck> {
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

// The live workpapers (XLSX) built on a thread of its own (src/lib/threads.ts), so building them does not hold
// the event loop that answers the API (docs/architecture.md, Work on threads). The thread gets the stored
// financials and valuation as plain data and returns the workbook's bytes.
import { asBuffer, runInThread, serveThread } from '../../lib/threads.js';
import { buildWorkpapers, type WorkpaperInput } from './index.js';

const WORKPAPERS_HEAP_MB = 256;
const WORKPAPERS_TIMEOUT_MS = 60_000;
const WORKPAPERS_NICE = 10;
/** Kept this long after a piece of work for the next, which then does not load pdfkit, exceljs and the fonts again. */
const THREAD_KEPT_MS = 30_000;

/** buildWorkpapers on a thread: the same bytes. */
export async function buildWorkpapersInThread(input: WorkpaperInput): Promise<Buffer> {
  const bytes = await runInThread<Uint8Array>(new URL(import.meta.url), input, {
    name: 'workpapers builder',
    resourceLimits: { maxOldGenerationSizeMb: WORKPAPERS_HEAP_MB },
    timeoutMs: WORKPAPERS_TIMEOUT_MS,
    nice: WORKPAPERS_NICE,
    keepMs: THREAD_KEPT_MS,
  });
  return asBuffer(bytes);
}

serveThread((input: WorkpaperInput) => buildWorkpapers(input));

// The report (DRAFT and FINAL) rendered on a thread of its own (src/lib/threads.ts), so a 20-page report does not
// hold the event loop that answers the API (docs/architecture.md, Work on threads). The thread gets the report's
// plain data and returns the PDF's bytes; the database work and the sealing stay with the caller.
import { asBuffer, runInThread, serveThread } from '../lib/threads.js';
import { renderReport, type ReportInput } from './render.js';
import type { SealPlaceholder } from './pdf-signature/seal.js';

interface RenderRequest {
  input: ReportInput;
  seal?: SealPlaceholder;
}

/** Heap a render may use; a ten-year report with every section renders in well under it. */
const RENDER_HEAP_MB = 256;
/** A render that has not finished in this long is stopped, and the job's attempt fails (and is retried). */
const RENDER_TIMEOUT_MS = 120_000;
/** Below the API's main thread, which then wins a busy CPU. */
const RENDER_NICE = 10;
/** Kept this long after a piece of work for the next, which then does not load pdfkit, exceljs and the fonts again. */
const THREAD_KEPT_MS = 30_000;

/** renderReport on a thread: the same bytes. */
export async function renderReportInThread(input: ReportInput, options: { seal?: SealPlaceholder } = {}) {
  const request: RenderRequest = { input, ...(options.seal && { seal: options.seal }) };
  const bytes = await runInThread<Uint8Array>(new URL(import.meta.url), request, {
    name: 'report renderer',
    resourceLimits: { maxOldGenerationSizeMb: RENDER_HEAP_MB },
    timeoutMs: RENDER_TIMEOUT_MS,
    nice: RENDER_NICE,
    keepMs: THREAD_KEPT_MS,
  });
  return asBuffer(bytes);
}

serveThread(({ input, seal }: RenderRequest) => renderReport(input, seal ? { seal } : {}));

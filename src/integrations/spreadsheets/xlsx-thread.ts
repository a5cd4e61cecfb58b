// Reads a financials workbook on a worker thread, so parsing a few megabytes of XML never holds the event
// loop (the API's /health and every request keep answering while a workbook is ingested), and the memory
// the parse needs is bounded. The thread runs readXlsx unchanged.
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { readXlsx, SpreadsheetReadError } from './financials-files.js';
import type { Grid } from './financials-grid.js';

/** Heap a workbook parse may use: streamed, a workbook at the upload bound (8 MB of sheet XML) reads within it (docs/decisions.md). */
const THREAD_HEAP_MB = 64;

type Answer = { id: number; grid: Grid } | { id: number; readError: string } | { id: number; crash: string };

interface Pending { resolve: (grid: Grid) => void; reject: (err: Error) => void }

/**
 * One reader thread, started on the first workbook and kept (it holds the process open only while it reads), so
 * a workbook does not pay for a thread's start-up and the process's memory does not ratchet up with a new
 * thread per workbook. Workbooks are read one at a time, in order. If the thread dies (out of its heap),
 * what it was reading fails and the next workbook starts a new one.
 */
let reader: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextId = 0;

function startReader() {
  // The thread's scratch directory for ExcelJS's temporary sheet files, removed with the thread.
  const scratch = mkdtempSync(join(tmpdir(), `vs-xlsx-${process.pid}-`));
  process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
  // This file's own path (.ts under tsx, .js when compiled); the thread inherits the loader (execArgv).
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { xlsxReader: true, scratch },
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: 8 },
  });
  worker.unref();
  const state = { worker, pending: new Map<number, Pending>() };
  const fail = (err: Error) => {
    if (reader === state) reader = undefined;
    // Out of its heap: the workbook is more than a financials file can be.
    const reason = (err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? new SpreadsheetReadError('the workbook needs more memory to read than a financials file may', { cause: err })
      : err;
    for (const p of state.pending.values()) p.reject(reason);
    state.pending.clear();
  };
  worker.on('message', (answer: Answer) => {
    const p = state.pending.get(answer.id);
    if (!p) return;
    state.pending.delete(answer.id);
    if (state.pending.size === 0) worker.unref();
    if ('grid' in answer) p.resolve(answer.grid);
    else if ('readError' in answer) p.reject(new SpreadsheetReadError(answer.readError));
    else p.reject(new Error(`reading the workbook failed: ${answer.crash}`));
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    rmSync(scratch, { recursive: true, force: true });
    fail(new Error(`the workbook reader stopped (exit ${code})`));
  });
  return state;
}

/** readXlsx on the reader thread: the same grid, or the same SpreadsheetReadError. */
export function readXlsxOffThread(buffer: Buffer): Promise<Grid> {
  reader ??= startReader();
  const { worker, pending } = reader;
  const id = nextId++;
  return new Promise<Grid>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.ref(); // held open while it reads
    worker.postMessage({ id, xlsx: buffer });
  });
}

/** The reader's scheduling priority (nice): below the API's main thread, which then wins a busy CPU. */
const READER_NICE = 10;

/**
 * Lowers this thread's own priority. On Linux a thread has its own nice value, set through setpriority with
 * its thread id (read from /proc/thread-self); elsewhere, or where that is refused, the thread keeps the
 * process's priority. Reading a workbook takes a core for about a second: at nice 10 the API's event loop
 * is scheduled first on a machine with few cores (`/health` during ingestion, `npm run bench -- heavy`).
 */
function lowerThreadPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, READER_NICE);
  } catch {
    // not Linux, or not permitted: the reader runs at the process's priority
  }
}

if (!isMainThread && parentPort && (workerData as { xlsxReader?: boolean } | null)?.xlsxReader) {
  lowerThreadPriority();
  // A worker's environment is its own copy: os.tmpdir() here (where ExcelJS parks sheets) is the scratch directory,
  // emptied before answering for every workbook and again before the next, and removed with the process.
  const { scratch } = workerData as { scratch: string };
  process.env.TMPDIR = scratch;
  const emptyScratch = () => {
    for (const entry of readdirSync(scratch)) rmSync(join(scratch, entry), { recursive: true, force: true });
  };
  const port = parentPort;
  let queue = Promise.resolve();
  port.on('message', ({ id, xlsx }: { id: number; xlsx: Uint8Array }) => {
    queue = queue.then(async () => {
      // Emptied before each workbook too: a read that failed may have left a sheet file still being written.
      emptyScratch();
      let answer: Answer;
      try {
        answer = { id, grid: await readXlsx(Buffer.from(xlsx.buffer, xlsx.byteOffset, xlsx.byteLength)) };
      } catch (err) {
        answer = err instanceof SpreadsheetReadError ? { id, readError: err.message } : { id, crash: err instanceof Error ? err.message : String(err) };
      }
      emptyScratch(); // before answering, so the caller never sees a workbook's files
      port.postMessage(answer);
    });
  });
}

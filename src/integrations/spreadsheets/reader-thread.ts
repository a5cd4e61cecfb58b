// Parses financials files (XLSX, CSV and JSON alike) on a worker thread, so no parse holds the event loop (the
// API's /health and every request keep answering while a file is ingested), and the memory a parse needs is
// bounded. The thread runs parseFinancialsFile unchanged. A file that exhausts the thread fails alone: the
// thread is replaced and the files queued behind it are read by the new one (docs/decisions.md, Tenant
// isolation in ingestion).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { lowerThreadPriority, threadExecArgv } from '../../lib/threads.js';
import { parseFinancialsFile, type ParseOutcome } from './parse-financials-file.js';

/**
 * Heap a parse may use: a workbook at the upload bound (8 MB inflated) reads within it (docs/decisions.md).
 * FINANCIALS_READER_HEAP_MB changes it, for a host that must read larger firm workbooks.
 */
const threadHeapMb = () => Number(process.env.FINANCIALS_READER_HEAP_MB) || 64;

/** The sentence a file gets when reading it exhausted the thread: rejected at once, never retried. */
export const EXHAUSTED_READER =
  "the file needs more memory to read than a financials file may; keep only the template's sheet or document, without images or other sheets";

type Answer = { id: number; outcome: ParseOutcome } | { id: number; crash: string };

interface Pending {
  format: string;
  data: Buffer;
  resolve: (outcome: ParseOutcome) => void;
  reject: (err: Error) => void;
}

/**
 * One reader thread, started on the first file and kept (it holds the process open only while it reads), so a
 * file does not pay for a thread's start-up. Files are read one at a time, in the order sent; `pending` keeps
 * that order, so when the thread dies the file it was reading is the first entry. That file alone fails; the
 * rest go to a new thread.
 */
let reader: { worker: Worker; pending: Map<number, Pending> } | undefined;
let nextId = 0;

function send(state: NonNullable<typeof reader>, id: number, p: Pending) {
  state.pending.set(id, p);
  state.worker.ref(); // held open while it reads
  state.worker.postMessage({ id, format: p.format, data: p.data });
}

function startReader(): NonNullable<typeof reader> {
  // The thread's scratch directory for ExcelJS's temporary sheet files, removed with the thread.
  const scratch = mkdtempSync(join(tmpdir(), `vs-xlsx-${process.pid}-`));
  process.once('exit', () => rmSync(scratch, { recursive: true, force: true }));
  // This file's own path: .js when compiled; .ts from the sources, given the tsx loader when the process's options
  // do not carry it (`npx tsx src/main.ts` and other launchers register it without them).
  const entry = new URL(import.meta.url);
  const execArgv = threadExecArgv(entry);
  const worker = new Worker(entry, {
    workerData: { financialsReader: true, scratch },
    ...(execArgv && { execArgv }),
    resourceLimits: { maxOldGenerationSizeMb: threadHeapMb(), maxYoungGenerationSizeMb: 8 },
  });
  worker.unref();
  const state = { worker, pending: new Map<number, Pending>() };
  let ended = false;
  const end = (err: Error) => {
    if (ended) return;
    ended = true;
    if (reader === state) reader = undefined;
    const [inFlight, ...queued] = [...state.pending.entries()];
    state.pending.clear();
    if (inFlight) {
      // Out of its heap: the file is more than a financials file can be. It is refused, not retried.
      if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
        inFlight[1].resolve({ ok: false, errors: [{ path: '/', message: EXHAUSTED_READER }] });
      else inFlight[1].reject(err);
    }
    if (queued.length === 0) return;
    reader ??= startReader();
    for (const [id, p] of queued) send(reader, id, p);
  };
  worker.on('message', (answer: Answer) => {
    const p = state.pending.get(answer.id);
    if (!p) return;
    state.pending.delete(answer.id);
    if (state.pending.size === 0) worker.unref();
    if ('outcome' in answer) p.resolve(answer.outcome);
    else p.reject(new Error(`reading the financials file failed: ${answer.crash}`));
  });
  worker.on('error', end);
  worker.on('exit', (code) => {
    rmSync(scratch, { recursive: true, force: true });
    end(new Error(`the financials reader stopped (exit ${code})`));
  });
  return state;
}

/** parseFinancialsFile on the reader thread: the same outcome, or a refusal when the file exhausts the thread. */
export function parseFinancialsOffThread(format: string, data: Buffer): Promise<ParseOutcome> {
  reader ??= startReader();
  const state = reader;
  return new Promise<ParseOutcome>((resolve, reject) => send(state, nextId++, { format, data, resolve, reject }));
}

/**
 * The reader's scheduling priority (nice): below the API's main thread, which then wins a busy CPU. Reading a
 * workbook takes a core for about a second: at nice 10 the API's event loop is scheduled first on a machine with
 * few cores (`/health` during ingestion, `npm run bench -- heavy`).
 */
const READER_NICE = 10;

if (!isMainThread && parentPort && (workerData as { financialsReader?: boolean } | null)?.financialsReader) {
  lowerThreadPriority(READER_NICE);
  // A worker's environment is its own copy: os.tmpdir() here (where ExcelJS parks sheets) is the scratch directory,
  // emptied before answering for every file and again before the next, and removed with the process. What is
  // written there is bounded by the workbook's inflated size (parse-financials-file.ts re-packs it first).
  const { scratch } = workerData as { scratch: string };
  process.env.TMPDIR = scratch;
  const emptyScratch = () => {
    for (const entry of readdirSync(scratch)) rmSync(join(scratch, entry), { recursive: true, force: true });
  };
  const port = parentPort;
  let queue = Promise.resolve();
  port.on('message', ({ id, format, data }: { id: number; format: string; data: Uint8Array }) => {
    queue = queue.then(async () => {
      // Emptied before each file too: a read that failed may have left a sheet file still being written.
      emptyScratch();
      let answer: Answer;
      try {
        answer = {
          id,
          outcome: await parseFinancialsFile(format, Buffer.from(data.buffer, data.byteOffset, data.byteLength)),
        };
      } catch (err) {
        answer = { id, crash: err instanceof Error ? err.message : String(err) };
      }
      emptyScratch(); // before answering, so the caller never sees a workbook's files
      port.postMessage(answer);
    });
  });
}

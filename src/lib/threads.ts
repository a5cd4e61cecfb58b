// Runs a CPU-heavy piece of work (rendering a PDF, building a workbook, parsing a large file) on a worker thread
// of its own, so the event loop that answers HTTP keeps answering (docs/architecture.md, Work on threads).
//
// A thread entry is a module that calls `serveThread(work)` at its top level; the caller runs it with
// `runInThread(new URL('./x-thread.js', import.meta.url), input, options)`. The input and the output cross
// the thread boundary by structured clone: plain data, Buffers (they arrive as Uint8Array: `asBuffer`),
// Dates, Maps; never functions or class instances with behaviour.
//
// Every documented way of starting the service works: compiled JavaScript (`node dist/main.js`) starts the
// thread from the `.js` file beside the caller; from the TypeScript sources (`npm start`, `npx tsx src/main.ts`,
// `node --import tsx src/main.ts`) the entry is the `.ts` file and the thread is given the tsx loader when the
// process's own options do not already carry it.
import { existsSync, readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData, type ResourceLimits } from 'node:worker_threads';

export interface ThreadOptions {
  /** V8 heap limits of the thread; a thread that exceeds them ends with `ERR_WORKER_OUT_OF_MEMORY`. */
  resourceLimits?: ResourceLimits;
  /** The thread is terminated after this long and the promise rejects with ThreadTimeoutError. */
  timeoutMs?: number;
  /**
   * Scheduling priority (nice, Linux) the thread lowers itself to, so the API's event loop is scheduled first
   * on a busy machine with few cores.
   */
  nice?: number;
  /** Shown in stack traces and diagnostics. */
  name?: string;
  /**
   * The thread starts with no loader or option of the process: for a plain JavaScript entry that loads a large
   * library, which the TypeScript loader would otherwise transform at great cost in time and memory.
   */
  plain?: boolean;
  /**
   * Keep the thread this long after it answered, for the next call with the same entry and options (which then
   * skips loading the entry's modules again); it holds the process open only while it works. Without it the
   * thread ends when the work is done.
   */
  keepMs?: number;
}

/** The thread ran out of its time and was terminated. */
export class ThreadTimeoutError extends Error {
  constructor(name: string, ms: number) {
    super(`${name} did not finish within ${ms} ms and was stopped`);
    this.name = 'ThreadTimeoutError';
  }
}

/** The work threw inside the thread: its name and message, carried back. */
export class ThreadWorkError extends Error {
  constructor(name: string, message: string, stack?: string) {
    super(message);
    this.name = name;
    if (stack) this.stack = stack;
  }
}

const MARK = '__valuationThread';

interface ThreadData {
  [MARK]: true;
  nice?: number;
}

type Answer = { ok: true; value: unknown } | { ok: false; error: { name: string; message: string; stack?: string } };

/** True when the process runs from TypeScript sources (this file is .ts), false when compiled to JavaScript. */
const fromSources = import.meta.url.endsWith('.ts');

/**
 * The module a thread starts from. Callers name it as TypeScript imports name modules (`./x-thread.js`); run from
 * the sources that file is `./x-thread.ts`.
 */
export function threadEntry(entry: URL): URL {
  if (!fromSources || entry.protocol !== 'file:' || !entry.pathname.endsWith('.js')) return entry;
  if (existsSync(fileURLToPath(entry))) return entry;
  const ts = new URL(entry.href.replace(/\.js$/, '.ts'));
  return existsSync(fileURLToPath(ts)) ? ts : entry;
}

/**
 * The options a thread starting from `entry` needs: a `.ts` entry gets the tsx loader unless the process's own
 * options (which a thread inherits) already carry it. The loader is named by its resolved location, so the thread
 * finds it whatever the working directory.
 */
export function threadExecArgv(entry: URL, execArgv: readonly string[] = process.execArgv): string[] | undefined {
  if (!/\.[mc]?ts$/.test(entry.pathname)) return undefined;
  if (execArgv.some((a) => /(^|[/\\@])tsx([/\\]|$)/.test(a))) return undefined;
  return [...execArgv, '--import', import.meta.resolve('tsx')];
}

/** A Uint8Array that crossed a thread boundary as the Buffer it was sent as (no copy). */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Threads kept after answering (`keepMs`), one per entry and options, each with the timer that ends it. */
const kept = new Map<string, { worker: Worker; timer: NodeJS.Timeout }>();

/**
 * Runs the entry module's work on `input` in a thread and resolves with what it returns. Rejects with the work's
 * own error (ThreadWorkError, its name and message), ThreadTimeoutError when `timeoutMs` passes (the thread is
 * terminated), or the thread's error (code `ERR_WORKER_OUT_OF_MEMORY` when it exceeded `resourceLimits`; the
 * thread is gone). The thread ends when the work is done, or is kept `keepMs` for the next call.
 */
export function runInThread<O, I = unknown>(entry: URL, input: I, options: ThreadOptions = {}): Promise<O> {
  const url = threadEntry(entry);
  const name = options.name ?? url.pathname.split('/').at(-1)!;
  const key = JSON.stringify([url.href, options.resourceLimits ?? null, options.nice ?? null, !!options.plain]);
  return new Promise<O>((resolve, reject) => {
    let worker: Worker;
    const reuse = kept.get(key);
    if (reuse) {
      kept.delete(key);
      clearTimeout(reuse.timer);
      worker = reuse.worker;
    } else {
      const execArgv = options.plain ? [] : threadExecArgv(url);
      const data: ThreadData = { [MARK]: true, ...(options.nice !== undefined && { nice: options.nice }) };
      try {
        worker = new Worker(url, {
          workerData: data,
          name,
          ...(execArgv && { execArgv }),
          ...(options.resourceLimits && { resourceLimits: options.resourceLimits }),
        });
      } catch (err) {
        reject(err as Error);
        return;
      }
    }
    worker.ref();
    let settled = false;
    const onMessage = (answer: Answer) =>
      settle(true, () =>
        answer.ok
          ? resolve(answer.value as O)
          : reject(new ThreadWorkError(answer.error.name, answer.error.message, answer.error.stack)),
      );
    const onError = (err: Error) => settle(false, () => reject(err));
    const onExit = (code: number) =>
      settle(false, () => reject(new Error(`${name} stopped (exit ${code}) before answering`)));
    const timer =
      options.timeoutMs !== undefined
        ? setTimeout(
            () => settle(false, () => reject(new ThreadTimeoutError(name, options.timeoutMs!))),
            options.timeoutMs,
          )
        : undefined;
    function settle(answered: boolean, fn: () => void) {
      if (settled) return;
      settled = true;
      if (timer) clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      fn();
      if (answered && options.keepMs && !kept.has(key)) keep(key, worker, options.keepMs);
      else void worker.terminate();
    }
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ input });
  });
}

function keep(key: string, worker: Worker, ms: number): void {
  worker.unref();
  const timer = setTimeout(() => {
    if (kept.get(key)?.worker === worker) kept.delete(key);
    void worker.terminate();
  }, ms);
  timer.unref();
  kept.set(key, { worker, timer });
  // A kept thread that ends on its own is forgotten.
  worker.once('exit', () => {
    if (kept.get(key)?.worker === worker) {
      clearTimeout(timer);
      kept.delete(key);
    }
  });
}

/**
 * Lowers the calling thread's own priority. On Linux a thread has its own nice value, set through setpriority
 * with its thread id (read from /proc/thread-self); elsewhere, or where that is refused, the thread keeps the
 * process's priority.
 */
export function lowerThreadPriority(nice: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // not Linux, or not permitted: the thread runs at the process's priority
  }
}

/** True in a thread started by runInThread. */
export const inRunThread = (): boolean =>
  !isMainThread && parentPort !== null && (workerData as Partial<ThreadData> | null)?.[MARK] === true;

/**
 * The thread side: called at the top level of an entry module, it runs `work` on each input runInThread sends,
 * one at a time, and answers with its result or its error. Outside such a thread (the module imported on the main
 * thread) it does nothing.
 */
export function serveThread<I, O>(work: (input: I) => O | Promise<O>): void {
  if (!inRunThread()) return;
  const { nice } = workerData as ThreadData;
  if (nice !== undefined) lowerThreadPriority(nice);
  const port = parentPort!;
  port.on('message', ({ input }: { input: I }) => {
    Promise.resolve()
      .then(() => work(input))
      .then(
        (value) => port.postMessage({ ok: true, value } satisfies Answer),
        (err: unknown) => {
          const e = err instanceof Error ? err : new Error(String(err));
          port.postMessage({ ok: false, error: { name: e.name, message: e.message, stack: e.stack } } satisfies Answer);
        },
      );
  });
}

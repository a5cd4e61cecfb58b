// What can stall a process's event loop, second by second, for the bench (STALL_TRACE_FILE; off by default):
// the event-loop delay (perf_hooks.monitorEventLoopDelay), garbage-collection pauses (PerformanceObserver 'gc')
// and named events the services report with traceEvent (the token-use flush, principal-cache loads and
// refreshes), and the memory in use. One JSON line per second is appended to the file; nothing is recorded when it is off.
import { createWriteStream, type WriteStream } from 'node:fs';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

/** One second of the trace, as written (times in ms; `t` is the second's start, epoch ms). */
export interface TraceSecond {
  t: number;
  /** The process (API processes of one cluster may share the file). */
  pid: number;
  /** Event-loop delay in that second: p50, p99, max. */
  eld: { p50: number; p99: number; max: number };
  /** GC pauses by kind (minor, major, incremental, weakcb): count, total ms, longest ms. */
  gc: Record<string, { n: number; ms: number; max: number }>;
  /** Reported events by name: count, total ms, longest ms. */
  events: Record<string, { n: number; ms: number; max: number }>;
  /** Memory at the second's end, MB: resident, V8 heap used, outside the heap (buffers). */
  mem: { rss: number; heap: number; external: number };
}

type Tally = Record<string, { n: number; ms: number; max: number }>;

let current: { gc: Tally; events: Tally } | undefined;

function add(tally: Tally, name: string, ms: number): void {
  const e = (tally[name] ??= { n: 0, ms: 0, max: 0 });
  e.n += 1;
  e.ms += ms;
  if (ms > e.max) e.max = ms;
}

/** Records that `name` happened and took `ms` (a no-op unless a trace is running). */
export function traceEvent(name: string, ms = 0): void {
  if (current) add(current.events, name, ms);
}

/** True while a trace runs: callers skip timing work otherwise. */
export const tracing = (): boolean => current !== undefined;

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

/** Starts appending one line per second to `file`; the returned function stops (and flushes the last second). */
export function startStallTrace(file: string): () => Promise<void> {
  if (current) throw new Error('a stall trace is already running');
  const out: WriteStream = createWriteStream(file, { flags: 'a' });
  const eld = monitorEventLoopDelay({ resolution: 5 });
  eld.enable();
  current = { gc: {}, events: {} };
  const gcObserver = new PerformanceObserver((list) => {
    if (!current) return;
    for (const e of list.getEntries()) {
      const kind = GC_KINDS[(e as unknown as { detail?: { kind?: number } }).detail?.kind ?? -1] ?? 'other';
      add(current.gc, kind, e.duration);
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  let secondStart = Date.now();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const memory = () => {
    const m = process.memoryUsage();
    const mb = (b: number) => Math.round(b / 1048576);
    return { rss: mb(m.rss), heap: mb(m.heapUsed), external: mb(m.external) };
  };
  const writeSecond = () => {
    if (!current) return;
    const line: TraceSecond = {
      t: secondStart,
      pid: process.pid,
      eld: { p50: ms(eld.percentile(50)), p99: ms(eld.percentile(99)), max: ms(eld.max) },
      gc: current.gc,
      events: current.events,
      mem: memory(),
    };
    out.write(`${JSON.stringify(line)}\n`);
    eld.reset();
    current = { gc: {}, events: {} };
    secondStart = Date.now();
  };
  const timer = setInterval(writeSecond, 1000);
  timer.unref();
  return async () => {
    clearInterval(timer);
    writeSecond();
    gcObserver.disconnect();
    eld.disable();
    current = undefined;
    await new Promise<void>((resolve) => out.end(resolve));
  };
}

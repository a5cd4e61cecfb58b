// One load round of a GET with autocannon, and its figures: throughput, latency, errors, server CPU and event-loop stalls.
import autocannon, { type Result } from 'autocannon';
import { commandCpuTicks, treeCpuSeconds, type Child } from './children.js';
import { summarizeStalls, type StallSummary } from './stall-summary.js';

/** autocannon worker threads for the GET rounds: the load generator must not be the ceiling (one thread is, at ~5 k req/s). */
export const LOADGEN_WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
export const CONNECTIONS = 50;

export interface Round {
  /** Server CPU (its process tree) per answered request, in ms: what the throughput ratio hides when the load generator is the ceiling. */
  cpuMsPerRequest?: number;
  /** PostgreSQL's CPU (every `postgres` process) per answered request, in ms: what the server's query costs the shared machine. */
  dbCpuMsPerRequest?: number;
  rps: number;
  p50: number;
  p99: number;
  p999: number;
  errors: number;
  requests: number;
  /** The server's event-loop delay, GC pauses and traced events during the round. */
  stalls?: StallSummary;
}

/** Errors are connection errors, timeouts and every non-2xx answer. */
export function roundOf(r: Result, elapsedMs?: number): Round {
  const total = r['2xx'] + r.non2xx;
  // A fixed amount of requests: per second of wall time (autocannon's own duration is in whole seconds).
  return {
    rps: total / (elapsedMs ? elapsedMs / 1000 : r.duration),
    p50: r.latency.p50,
    p99: r.latency.p99,
    p999: (r.latency as unknown as { p99_9: number }).p99_9,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r['2xx'] + r.non2xx,
  };
}

/** One round of the GET: as fast as the servers go, or at `rate` requests a second (from one generator thread). */
export async function load(url: string, token: string, seconds: number, server?: Child, rate?: number): Promise<Round> {
  const before = server ? treeCpuSeconds(server.proc.pid!) : undefined;
  const dbBefore = server ? commandCpuTicks('postgres') : undefined;
  const from = Date.now();
  const pace = rate ? { overallRate: rate } : LOADGEN_WORKERS > 1 ? { workers: LOADGEN_WORKERS } : {};
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    ...pace,
  });
  const round = roundOf(result);
  const after = server ? treeCpuSeconds(server.proc.pid!) : undefined;
  const dbAfter = server ? commandCpuTicks('postgres') : undefined;
  if (dbBefore && dbAfter && round.requests > 0) {
    // Per process: one that ended during the round (another client's backend) takes its ticks with it.
    let ticks = 0;
    for (const [pid, t] of dbAfter) ticks += t - (dbBefore.get(pid) ?? 0);
    round.dbCpuMsPerRequest = (ticks * 10) / round.requests;
  }
  if (before !== undefined && after !== undefined && round.requests > 0)
    round.cpuMsPerRequest = ((after - before) * 1000) / round.requests;
  if (server?.trace) {
    await new Promise((r) => setTimeout(r, 1100)); // the round's last second reaches the trace file
    round.stalls = summarizeStalls(server.trace, from, from + seconds * 1000);
  }
  return round;
}

export const fmt = (r: Round) =>
  `${r.rps.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, p99.9 ${r.p999} ms, errors ${r.errors} / ${r.requests}` +
  (r.cpuMsPerRequest === undefined ? '' : `, server CPU ${r.cpuMsPerRequest.toFixed(3)} ms/request`) +
  (r.dbCpuMsPerRequest === undefined ? '' : `, PostgreSQL CPU ${r.dbCpuMsPerRequest.toFixed(3)} ms/request`);

// Reads a server's stall trace (STALL_TRACE_FILE, src/lib/stall-trace.ts) for one round: the event-loop delay,
// GC pauses and traced events over the round, and its worst seconds with what happened in them.
import { existsSync, readFileSync } from 'node:fs';
import type { TraceSecond } from '../../src/lib/stall-trace.js';

export interface StallSummary {
  seconds: number;
  /** The worst per-second event-loop delay p99 and the longest single delay, ms. */
  eldP99: number;
  eldMax: number;
  gc: Record<string, { n: number; ms: number; max: number }>;
  events: Record<string, { n: number; ms: number; max: number }>;
  /** The seconds with the longest event-loop delay, each with its GC pauses and events. */
  worst: string[];
}

const r1 = (x: number) => Math.round(x * 10) / 10;

function tallies(list: Record<string, { n: number; ms: number; max: number }>[]) {
  const out: Record<string, { n: number; ms: number; max: number }> = {};
  for (const t of list) {
    for (const [k, v] of Object.entries(t)) {
      const o = (out[k] ??= { n: 0, ms: 0, max: 0 });
      o.n += v.n;
      o.ms += v.ms;
      o.max = Math.max(o.max, v.max);
    }
  }
  return out;
}

const describe = (t: Record<string, { n: number; ms: number; max: number }>) =>
  Object.entries(t)
    .map(([k, v]) => `${k} ${v.n}×${v.ms > 0 ? ` (${r1(v.ms)} ms, longest ${r1(v.max)})` : ''}`)
    .join(', ') || 'nothing';

export function summarizeStalls(file: string, fromMs: number, toMs: number): StallSummary | undefined {
  if (!existsSync(file)) return undefined;
  const secs = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as TraceSecond)
    .filter((s) => s.t >= fromMs - 500 && s.t < toMs);
  if (secs.length === 0) return undefined;
  const worst = [...secs]
    .sort((a, b) => b.eld.max - a.eld.max)
    .slice(0, 3)
    .map(
      (s) =>
        `+${((s.t - fromMs) / 1000).toFixed(0)} s: delay max ${s.eld.max} ms (p99 ${s.eld.p99}); GC ${describe(s.gc)}; ${describe(s.events)}`,
    );
  return {
    seconds: secs.length,
    eldP99: Math.max(...secs.map((s) => s.eld.p99)),
    eldMax: Math.max(...secs.map((s) => s.eld.max)),
    gc: tallies(secs.map((s) => s.gc)),
    events: tallies(secs.map((s) => s.events)),
    worst,
  };
}

export function formatStalls(s: StallSummary): string[] {
  return [
    `event-loop delay over ${s.seconds} s: worst second's p99 ${s.eldP99} ms, longest ${s.eldMax} ms`,
    `GC: ${describe(s.gc)}`,
    `events: ${describe(s.events)}`,
    ...s.worst.map((w) => `worst second ${w}`),
  ];
}

// What a bench scenario is. Add one by dropping a file in bench/ whose default export is a Scenario;
// bench/run.ts finds it. `npm run bench` runs all; `npm run bench -- <name> …` runs the named ones.
export interface Scenario {
  name: string;
  description: string;
  /** Returns the figures to print, e.g. { 'throughput (events/s)': 512.3 }. */
  run(): Promise<Record<string, number | string>>;
}

/** The q-th quantile (0..1) of already sorted numbers, nearest-rank. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

import type { Scenario } from './lib/scenario.js';
/**
 * Benchmark scenario: valuation (computeValuation) and FINAL report rendering for the ten-year
 * fixture under the Companies Act (DCF + NAV + sensitivity: the largest report). bench/run.ts
 * calls run(); it can also be run alone with `npx tsx bench/report.ts`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseFinancials } from '../src/domain/financials/normalise.js';
import { computeValuation } from '../src/domain/valuation/engine.js';
import type { ValuationResult } from '../src/domain/valuation/types.js';
import { renderReport } from '../src/reports/render.js';
import { reportInput as input } from '../test/fixtures/sample-report.js';

const ITERATIONS = 10;

function stats(name: string, samples: number[], details?: string): { name: string; ms: number; details?: string } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = samples.reduce((s, x) => s + x, 0) / samples.length;
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const round = (x: number): number => Math.round(x * 100) / 100;
  return {
    name,
    ms: round(median),
    details: [
      `median of ${samples.length}`,
      `mean ${round(mean)} ms`,
      `min ${round(sorted[0])} ms`,
      `max ${round(sorted.at(-1)!)} ms`,
      details,
    ]
      .filter(Boolean)
      .join('; '),
  };
}

export async function run(): Promise<{ name: string; ms: number; details?: string }[]> {
  const path = fileURLToPath(new URL('../test/fixtures/financials/ten-year-company.json', import.meta.url));
  const parsed = parseFinancials(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.ok) throw new Error('ten-year fixture does not parse');
  const value = (): ValuationResult =>
    computeValuation({
      financials: parsed.financials,
      assumptions: { wacc: '12.5', terminalGrowthRate: '5', rationale: 'bench' },
      engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    });

  // Warm-up: loads the fonts and JIT-compiles both paths so the first sample is not an outlier.
  await renderReport(input(value()));

  const valuation: number[] = [];
  const render: number[] = [];
  const total: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    const result = value();
    const t1 = performance.now();
    const pdf = await renderReport(input(result));
    const t2 = performance.now();
    bytes = pdf.length;
    valuation.push(t1 - t0);
    render.push(t2 - t1);
    total.push(t2 - t0);
  }
  return [
    stats('report: computeValuation (ten-year, s.62)', valuation),
    stats('report: renderReport FINAL (ten-year, s.62)', render, `${bytes} bytes`),
    stats('report: valuation + FINAL report (ten-year, s.62)', total),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const r of await run()) console.log(`${r.name}: ${r.ms} ms (${r.details ?? ''})`);
}

const scenario: Scenario = {
  name: 'report',
  description: 'valuation + FINAL report rendering, ten-year projection (median of 10 runs)',
  async run() {
    const rows = await run();
    return Object.fromEntries(
      rows.map((r) => [`${r.name} (ms)`, `${r.ms.toFixed(1)}${r.details ? `  ${r.details}` : ''}`]),
    );
  },
};
export default scenario;

// One service as `npm start` runs it (API and worker in one process) on a throwaway PostgreSQL database, for a
// scenario that measures it from outside: started, handed to `work`, then stopped and its database dropped. And
// /health polled from a process of its own while the work runs (bench/lib/health-poller.ts), so the latencies
// are the server's and not the bench's own busy event loop.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_SERVICE_ENV, createMigratedDatabase, dropDatabase } from './throwaway-db.js';
import { startChild, stopAll, type Child } from './children.js';
import { quantile } from './scenario.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function withBenchService<R>(
  tag: string,
  work: (s: { base: string; dataDir: string; service: Child }) => Promise<R>,
): Promise<R> {
  const dbName = `vs_bench_${tag}_${process.pid}_${Date.now()}`;
  const dataDir = mkdtempSync(join(tmpdir(), `vs-bench-${tag}-`));
  let created = false;
  try {
    const dbUrl = await createMigratedDatabase(ADMIN_URL, dbName);
    created = true;
    const service = await startChild(
      'service',
      'src/main.ts',
      [],
      { ...BENCH_SERVICE_ENV, DATABASE_URL: dbUrl, DATA_DIR: dataDir },
      '/api/v1/health',
    );
    return await work({ base: service.base, dataDir, service });
  } finally {
    await stopAll();
    rmSync(dataDir, { recursive: true, force: true });
    if (created) await dropDatabase(ADMIN_URL, dbName);
  }
}

export interface HealthLatencies {
  latencies: number[];
  failures: number;
}

/** Polls `url` from a process of its own until stopped; the latencies it saw. */
export async function pollHealth(url: string): Promise<{ stop: () => Promise<HealthLatencies> }> {
  const poller = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/health-poller.ts'], {
    cwd: ROOT,
    env: { ...process.env, HEALTH_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  poller.stdout.on('data', (b: Buffer) => (out += b.toString()));
  for (const deadline = Date.now() + 30_000; !out.includes('polling\n');) {
    if (Date.now() > deadline || poller.exitCode !== null) throw new Error('the /health poller did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    async stop() {
      const exited = new Promise((r) => poller.once('exit', r));
      poller.kill('SIGTERM');
      await exited;
      const last = out.trim().split('\n').at(-1) ?? '';
      return last.startsWith('{') ? (JSON.parse(last) as HealthLatencies) : { latencies: [], failures: 0 };
    },
  };
}

/** p50, p99 and max of /health, against a p99 target. */
export function healthSummary({ latencies, failures }: HealthLatencies, targetP99Ms: number): string {
  const s = [...latencies].sort((a, b) => a - b);
  const p99 = quantile(s, 0.99);
  return `p50 ${quantile(s, 0.5).toFixed(1)}, p99 ${p99.toFixed(1)}, max ${(s.at(-1) ?? NaN).toFixed(0)}, ${s.length} requests${failures ? `, ${failures} failed` : ''} (target p99 < ${targetP99Ms}: ${p99 < targetP99Ms && !failures ? 'PASS' : 'FAIL'})`;
}

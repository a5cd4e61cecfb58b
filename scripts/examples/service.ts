// The service the examples are made with: `src/main.ts` as `npm start` runs it (API and worker in one process),
// on embedded PostgreSQL in a throwaway data directory (or a given empty database), on a free local port; stopped and removed afterwards.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../test/helpers/processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningService {
  base: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** On embedded PostgreSQL in the data directory, or on `databaseUrl` (an empty database) when given. */
export async function startService(options: { databaseUrl?: string } = {}): Promise<RunningService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vs-examples-'));
  const port = await freePort();
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent',
      // The firm's own address for its reports' verification page (the example firm's, fictitious like the firm).
      PUBLIC_BASE_URL: 'https://reports.mehta-iyer.in',
      ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  proc.stdout?.on('data', (b: Buffer) => output.push(b.toString()));
  proc.stderr?.on('data', (b: Buffer) => output.push(b.toString()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      const exited = new Promise((r) => proc.once('exit', r));
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null)
      throw new Error(`the service exited (${proc.exitCode}) while starting:\n${output.join('')}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the service did not answer /api/v1/health within 60 s:\n${output.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { base, dataDir, stop };
}

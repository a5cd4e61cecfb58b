// The demo firm's completed engagements, one per statute, made in the background after the first start
// (docs/decisions.md, A firm's first hour): a child process runs the workflow over this service's HTTP API
// (scripts/demo/populate.ts), so the start is as fast as without it and the engagements arrive as a firm's would.
// It is a development and demonstration aid: where the scripts are not shipped (a built deployment), nothing starts.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

const SCRIPT = fileURLToPath(new URL('../scripts/demo/populate.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export function startDemoEngagements(base: string, demo: { email: string; password: string }, log: Logger): void {
  if (!existsSync(SCRIPT)) return;
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DEMO_BASE: base,
      DEMO_EMAIL: demo.email,
      DEMO_PASSWORD: demo.password,
    },
    // Its stdin is our pipe: when this process ends, the child sees the end and stops.
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (b: Buffer) => log.info({ demo: b.toString().trim() }, 'demo engagements'));
  child.stderr.on('data', (b: Buffer) => log.warn({ demo: b.toString().trim() }, 'demo engagements'));
  child.on('exit', (code) => log.info({ code }, 'demo engagements finished'));
  log.info('making one completed demo engagement per statute in the background');
}

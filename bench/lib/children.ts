// Child processes of the bench: servers started with `node --import tsx` on free ports, stopped on SIGTERM
// (SIGKILL after 10 s), their CPU time from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface Child {
  name: string;
  proc: ChildProcess;
  base: string;
  output: string[];
  /** Its stall trace (STALL_TRACE_FILE), when it writes one. */
  trace?: string;
}

const children = new Set<Child>();

/**
 * The environment and node flags `npm start` gives the service (package.json's start script:
 * `[NAME=value …] exec node [flags] --import tsx src/main.ts`), so the bench measures the service as it is run.
 */
export function serviceLaunch(): { env: Record<string, string>; nodeFlags: string[] } {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts
    .start;
  const m = /^((?:[A-Z_]+=\S+\s+)*)exec node((?:\s+--[\w-]+(?:=\S+)?)*)\s+--import tsx src\/main\.ts$/.exec(start);
  if (!m)
    throw new Error(
      `package.json's start script is not "[NAME=value …] exec node [flags] --import tsx src/main.ts": ${start}`,
    );
  const env = Object.fromEntries(
    m[1]
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]),
  );
  return { env, nodeFlags: m[2].trim().split(/\s+/).filter(Boolean) };
}

/**
 * Starts `node --import tsx <script> …args` (the Node 24 of this process) and waits until `probe` answers (null: 4 s
 * alive). The service (src/main.ts) gets `npm start`'s environment and flags, then BENCH_SERVICE_NODE_FLAGS.
 */
export async function startChild(
  name: string,
  script: string,
  args: string[],
  env: Record<string, string>,
  probe: string | null,
): Promise<Child> {
  const port = await freePort();
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const launch = script === 'src/main.ts' ? serviceLaunch() : { env: {}, nodeFlags: [] };
  const extra =
    script === 'src/main.ts' && process.env.BENCH_SERVICE_NODE_FLAGS
      ? process.env.BENCH_SERVICE_NODE_FLAGS.split(' ')
      : [];
  const proc = spawn(process.execPath, [...prof, ...launch.nodeFlags, ...extra, '--import', 'tsx', script, ...args], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ...launch.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child: Child = { name, proc, base: `http://127.0.0.1:${port}`, output: [], trace: env.STALL_TRACE_FILE };
  children.add(child);
  const keep = (b: Buffer) => {
    child.output.push(b.toString());
    if (child.output.length > 50) child.output.shift();
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  if (probe === null) {
    // Serves no HTTP (the worker): started when it is still running a few seconds later.
    await new Promise((r) => setTimeout(r, 4000));
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}: ${child.output.join('')}`);
    return child;
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`${name} exited with ${proc.exitCode}: ${child.output.join('')}`);
    try {
      const res = await fetch(child.base + probe);
      await res.arrayBuffer();
      if (res.status < 500) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} did not start in 60 s: ${child.output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopChild(child: Child): Promise<void> {
  children.delete(child);
  const { proc } = child;
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopChild));
}

/**
 * CPU seconds (user + system) used so far by a process and its descendants (cluster workers), from /proc;
 * undefined where /proc is not there. Ticks are USER_HZ, 100 on Linux.
 */
export function treeCpuSeconds(root: number): number | undefined {
  try {
    const stats = readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .flatMap((d) => {
        try {
          const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
          const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // after "pid (comm) ": state, ppid, …
          return [{ pid: Number(d), ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) }];
        } catch {
          return [];
        }
      });
    const tree = new Set([root]);
    for (let grew = true; grew;) {
      grew = false;
      for (const p of stats) {
        if (!tree.has(p.pid) && tree.has(p.ppid)) {
          tree.add(p.pid);
          grew = true;
        }
      }
    }
    return stats.filter((p) => tree.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0) / 100;
  } catch {
    return undefined;
  }
}

/**
 * CPU ticks (user + system, USER_HZ = 100 a second) used so far by each process whose command is `command`, by pid
 * (the PostgreSQL server's backends: what a read costs the database beside what it costs the API); undefined
 * without /proc.
 */
export function commandCpuTicks(command: string): Map<number, number> | undefined {
  try {
    const ticks = new Map<number, number>();
    for (const d of readdirSync('/proc')) {
      if (!/^\d+$/.test(d)) continue;
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== command) continue;
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        ticks.set(Number(d), Number(f[11]) + Number(f[12]));
      } catch {
        // gone
      }
    }
    return ticks;
  } catch {
    return undefined;
  }
}

/** Resident memory (VmRSS) of a process and its descendants, in MB; undefined where /proc is not there. */
export function treeRssMb(root: number): number | undefined {
  try {
    let kb = 0;
    const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
    const parent = new Map<number, number>();
    for (const d of procs) {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        parent.set(Number(d), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {
        // gone
      }
    }
    const inTree = (pid: number): boolean =>
      pid === root || (parent.has(pid) && pid !== parent.get(pid) && parent.get(pid)! > 1 && inTree(parent.get(pid)!));
    for (const pid of parent.keys()) {
      if (!inTree(pid)) continue;
      try {
        kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      } catch {
        // gone
      }
    }
    return kb / 1024;
  } catch {
    return undefined;
  }
}

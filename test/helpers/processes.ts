// Child-process helpers for tests that start the service as a real process: a free port, the process
// tree below a pid (ps, no extra packages), and whether a pid is still alive.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Every descendant pid of a process. */
export function descendants(pid: number): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' });
  const children = new Map<number, number[]>();
  for (const line of out.trim().split('\n')) {
    const [p, pp] = line.trim().split(/\s+/).map(Number);
    children.set(pp, [...(children.get(pp) ?? []), p]);
  }
  const all: number[] = [];
  const walk = (p: number) => (children.get(p) ?? []).forEach((c) => (all.push(c), walk(c)));
  walk(pid);
  return all;
}

/** The direct children of a process whose command line contains `needle` (e.g. the processes cluster forked). */
export function childrenRunning(pid: number, needle: string): number[] {
  const out = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args='], { encoding: 'utf8' });
  return out
    .trim()
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && Number(m[2]) === pid && m[3].includes(needle))
    .map((m) => Number(m[1]));
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `url` until it answers 2xx or `ms` pass. */
export async function waitUntilUp(url: string, ms = 60_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

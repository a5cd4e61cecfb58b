// API_PROCESSES=N: the primary forks N API processes sharing one port; they all serve (with one set of
// secrets: a session made through one is accepted by every other), a killed one is replaced, and SIGTERM
// to the primary ends them all within 10 s. More than one process on the embedded database is refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, usingPostgres } from '../../helpers/db.js';
import { alive, childrenRunning, descendants, freePort, waitUntilUp } from '../../helpers/processes.js';

const skip = usingPostgres() ? false : "needs PostgreSQL (TEST_DATABASE_URL): the embedded database is one process's";

test('API_PROCESSES=2 on the embedded database is refused at start with a one-line reason', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: { ...process.env, DATABASE_URL: '', API_PROCESSES: '2', DATA_DIR: mkdtempSync(join(tmpdir(), 'vs-cluster-')) },
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(r.status, 78, r.stderr);
  assert.match(r.stderr, /API_PROCESSES: more than one API process needs PostgreSQL/);
});

test(
  'API_PROCESSES=2: two API processes serve one port, a killed one is replaced, SIGTERM stops them all',
  { skip },
  async () => {
    const db = await createTestDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    let stdout = '';
    const primary = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: db.url!,
        API_PROCESSES: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'true',
        DEMO_ENGAGEMENTS: 'false',
        WEB_DIST_DIR: '/nonexistent',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'vs-cluster-')),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    primary.stdout!.on('data', (d) => (stdout += d));
    try {
      assert.ok(await waitUntilUp(`${base}/api/v1/health`), 'the service started');
      const apiPids = () => childrenRunning(primary.pid!, 'src/main.ts');
      assert.equal(apiPids().length, 2, 'two API processes below the primary');
      const token = /API token (\S+)/.exec(stdout)?.[1];
      assert.ok(token, 'the primary printed the demo credentials once');
      // A kept-alive connection to a process that was just killed fails on the client side, and on a machine
      // busy with other suites the primary may pass a connection on late; like any client of an idempotent GET
      // (or a load balancer), retry a connection failure on a fresh connection, a few times, 200 ms apart.
      const get = () => fetch(`${base}/api/v1/engagements`, { headers: { authorization: `Bearer ${token}` } });
      const authorised = async (): Promise<number> => {
        for (let attempt = 1; ; attempt++) {
          try {
            return (await get()).status;
          } catch (err) {
            if (attempt >= 5) throw err;
            await new Promise((r) => setTimeout(r, 200));
          }
        }
      };
      const statuses = await Promise.all(Array.from({ length: 40 }, authorised));
      assert.deepEqual([...new Set(statuses)], [200], 'every process serves the token');

      const [victim] = apiPids();
      process.kill(victim, 'SIGKILL');
      const until = Date.now() + 20_000;
      while (Date.now() < until && (apiPids().includes(victim) || apiPids().length < 2))
        await new Promise((r) => setTimeout(r, 100));
      assert.equal(apiPids().length, 2, 'the killed process was replaced');
      assert.ok(!apiPids().includes(victim));
      assert.deepEqual([...new Set(await Promise.all(Array.from({ length: 20 }, authorised)))], [200]);

      const family = [primary.pid!, ...descendants(primary.pid!)];
      const stoppedAt = Date.now();
      primary.kill('SIGTERM');
      while (family.some(alive) && Date.now() - stoppedAt < 10_000) await new Promise((r) => setTimeout(r, 100));
      const left = family.filter(alive);
      assert.deepEqual(left, [], `still running 10 s after SIGTERM: ${left.join(', ')}`);
    } finally {
      for (const pid of [primary.pid!, ...descendants(primary.pid!)]) if (alive(pid)) process.kill(pid, 'SIGKILL');
      await db.drop();
    }
  },
);

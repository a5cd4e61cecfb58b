// Several processes started together on one fresh DATA_DIR: none crashes creating a generated secret,
// and all of them use the same secrets (a session made by one is accepted by the others; a sandbox
// order made on one is paid and verified on the others). On PostgreSQL: three real API processes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, usingPostgres } from '../../helpers/db.js';
import { resolveSecret } from '../../../src/lib/secrets.js';
import { PASSWORD, SIGNATORY_REGISTRATIONS, uniqueEmail } from '../../helpers/principals.js';
import { freePort } from '../../helpers/processes.js';

const SECRETS = ['session-secret', 'sandbox-gateway-secret', 'report-key-secret'];

test('three processes resolving the generated secrets at once on one fresh DATA_DIR agree, and none fails', async () => {
  for (let round = 0; round < 5; round++) {
    const dir = mkdtempSync(join(tmpdir(), 'vs-race-'));
    const code = `import('${new URL('../../../src/lib/secrets.ts', import.meta.url).href}').then((m) => console.log(JSON.stringify(${JSON.stringify(SECRETS)}.map((f) => m.resolveSecret(undefined, process.argv[1], f)))))`;
    const outs = await Promise.all([0, 1, 2].map(() => run(process.execPath, ['--import', 'tsx', '-e', code, dir])));
    for (const o of outs) assert.equal(o.code, 0, o.stderr);
    const parsed = outs.map((o) => JSON.parse(o.stdout.trim()) as string[]);
    assert.deepEqual(parsed[1], parsed[0]);
    assert.deepEqual(parsed[2], parsed[0]);
    assert.deepEqual(
      SECRETS.map((f) => readFileSync(join(dir, f), 'utf8')),
      parsed[0],
    );
    assert.equal(resolveSecret(undefined, dir, 'session-secret'), parsed[0][0]);
  }
});

test(
  'three API processes started at once on one DATA_DIR all start and share their secrets',
  { skip: usingPostgres() ? false : "needs PostgreSQL (TEST_DATABASE_URL): PGlite is one process's database" },
  async () => {
    const db = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'vs-race-'));
    const ports = await Promise.all([0, 1, 2].map(freePort));
    const procs: ChildProcess[] = [];
    try {
      for (const port of ports) {
        procs.push(
          spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', 'api'], {
            env: {
              ...process.env,
              DATABASE_URL: db.url,
              DATA_DIR: dataDir,
              PORT: String(port),
              HOST: '127.0.0.1',
              LOG_LEVEL: 'warn',
              DEMO_SEED: 'true',
              DEMO_ENGAGEMENTS: 'false',
              WEB_DIST_DIR: '/nonexistent',
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          }),
        );
      }
      const base = (i: number) => `http://127.0.0.1:${ports[i]}`;
      for (let i = 0; i < 3; i++) await waitHealthy(base(i), procs[i]);
      // One seeded the demo firm; nobody crashed on it.
      const firms = await db.db.query<{ n: number }>('SELECT count(*)::int AS n FROM firms');
      assert.equal(firms[0].n, 1);
      // A session made through one process is accepted by the other two (the session secret agrees).
      const email = uniqueEmail('race');
      const signup = await fetch(`${base(0)}/api/v1/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firmName: 'Race LLP', name: 'Ravi', email, password: PASSWORD }),
      });
      assert.equal(signup.status, 201);
      const cookie = signup.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
      const csrf = (await signup.json()).csrfToken as string;
      for (const i of [1, 2])
        assert.equal((await fetch(`${base(i)}/api/v1/auth/me`, { headers: { cookie } })).status, 200, `process ${i}`);
      // A sandbox order signed by one process verifies on another (the sandbox gateway secret agrees).
      const headers = { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' };
      const eng = await (
        await fetch(`${base(1)}/api/v1/engagements`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ targetEntity: 'Race Co', statute: 'FEMA_RBI' }),
        })
      ).json();
      // No payment is taken before someone in the firm may sign the report.
      const profile = await fetch(`${base(2)}/api/v1/auth/me`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ designation: 'Partner', registrations: SIGNATORY_REGISTRATIONS }),
      });
      assert.equal(profile.status, 200, await profile.text());
      const ordered = await fetch(`${base(1)}/api/v1/payments`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ engagementId: eng.id }),
      });
      assert.equal(ordered.status, 200, await ordered.clone().text());
      const order = await ordered.json();
      const paid = await (
        await fetch(`${base(2)}/api/v1/payments/sandbox/pay`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ gateway_order_id: order.gatewayOrderId }),
        })
      ).json();
      const verified = await fetch(`${base(0)}/api/v1/payments/verify`, {
        method: 'POST',
        headers,
        body: JSON.stringify(paid),
      });
      assert.equal(verified.status, 200, await verified.text());
    } finally {
      for (const p of procs) p.kill('SIGTERM');
      await Promise.all(procs.map((p) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once('exit', r)))));
      await db.drop();
    }
  },
);

function run(cmd: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function waitHealthy(base: string, proc: ChildProcess): Promise<void> {
  let stderr = '';
  proc.stderr?.on('data', (d) => (stderr += d));
  // Three processes compile the TypeScript at once on a 2-core machine: give them time.
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`process exited ${proc.exitCode}: ${stderr}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} never became healthy: ${stderr}`);
}

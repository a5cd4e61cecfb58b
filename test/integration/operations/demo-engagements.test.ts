// The demo firm's completed engagements (docs/decisions.md, A firm's first hour): `npm start` on an empty embedded
// database prints the demo credentials as soon as it serves, and then, in the background, one engagement per statute
// goes through the whole workflow — financials, evidence, the lock, three gates, payment and sign-off — until each
// has its FINAL report. The start does not wait for them: the service answers before the first is complete.
// Embedded PostgreSQL only: the start's own database, whatever the suite's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { usingPostgres } from '../../helpers/db.js';
import { alive, descendants, freePort, waitUntilUp } from '../../helpers/processes.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const skip = usingPostgres() ? 'the start makes its own embedded database: run once, in the PGlite phase' : false;

test(
  'after the first start the demo firm gets one completed engagement per statute, made in the background',
  { skip, timeout: 300_000 },
  async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'vs-demo-engagements-'));
    let output = '';
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        WEB_DIST_DIR: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout!.on('data', (d) => (output += d));
    proc.stderr!.on('data', (d) => (output += d));
    const base = `http://127.0.0.1:${port}`;
    try {
      assert.ok(await waitUntilUp(`${base}/api/v1/health`, 120_000), `the service started: ${output}`);
      const token = /API token (\S+)/.exec(output)?.[1];
      assert.ok(token, `the demo credentials were printed: ${output}`);
      const headers = { authorization: `Bearer ${token}` };
      const list = async () =>
        (await (await fetch(`${base}/api/v1/engagements?limit=20`, { headers })).json()) as {
          id: string;
          statute: string;
          status: string;
        }[];
      assert.ok(
        (await list()).every((e) => e.status !== 'COMPLETED'),
        'the service answers before any demo engagement is complete',
      );

      let engagements = await list();
      for (const until = Date.now() + 240_000; Date.now() < until;) {
        engagements = await list();
        // The background run says each engagement is complete once its FINAL report is ready.
        if ((output.match(/demo engagement completed/g) ?? []).length === 4) break;
        if (/demo engagements stopped/.test(output)) break;
        await new Promise((r) => setTimeout(r, 1000));
      }
      assert.deepEqual(
        engagements.map((e) => e.statute).sort(),
        ['COMPANIES_ACT_SEC_62', 'FEMA_RBI', 'IBC_LIQUIDATION', 'RULE_11UA'],
        `one engagement per statute: ${output.slice(-3000)}`,
      );
      for (const e of engagements) {
        assert.equal(e.status, 'COMPLETED', e.statute);
        const report = (await (
          await fetch(`${base}/api/v1/engagements/${e.id}/report/status`, { headers })
        ).json()) as {
          kind: string;
          status: string;
        };
        assert.deepEqual([report.kind, report.status], ['FINAL', 'READY'], `${e.statute}: its FINAL is issued`);
      }
      // The members the reports needed were invited and joined, as a firm's people do.
      const team = (await (await fetch(`${base}/api/v1/team`, { headers })).json()) as { status: string }[];
      assert.ok(team.length >= 3 && team.every((m) => m.status === 'ACTIVE'), JSON.stringify(team));
    } finally {
      const family = [proc.pid!, ...descendants(proc.pid!)];
      for (const pid of family) if (alive(pid)) process.kill(pid, 'SIGTERM');
      const until = Date.now() + 15_000;
      while (family.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      for (const pid of family) if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

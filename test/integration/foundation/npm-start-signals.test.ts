// `npm start` stops the whole service on SIGTERM: the script execs the server, so npm's child is the
// server itself and the signal npm forwards reaches it; nothing is left running, re-parented to PID 1.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive, descendants, freePort } from '../../helpers/processes.js';

test('SIGTERM to `npm start` ends every process of the service within 10 s', async () => {
  const port = await freePort();
  const npm = spawn('npm', ['start', '--silent'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vs-npm-start-')),
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'false',
      DATABASE_URL: '',
    },
    stdio: 'ignore',
  });
  const until = Date.now() + 60_000;
  let up = false;
  while (!up && Date.now() < until) {
    up = await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  assert.ok(up, 'the service started');
  const family = [npm.pid!, ...descendants(npm.pid!)];
  assert.ok(family.length >= 2, `npm and the server: ${family.join(',')}`);
  const stoppedAt = Date.now();
  npm.kill('SIGTERM');
  while (family.some(alive) && Date.now() - stoppedAt < 10_000) await new Promise((r) => setTimeout(r, 100));
  const left = family.filter(alive);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  assert.deepEqual(left, [], `still running after 10 s: ${left.join(', ')}`);
  assert.equal(
    await fetch(`http://127.0.0.1:${port}/api/v1/health`).then(
      () => 'answered',
      () => 'closed',
    ),
    'closed',
  );
});

// Every documented way of starting the service serves and ingests a financials file (README, Process roles;
// docs/operations.md, Running the process): `node --import tsx src/main.ts` (what `npm start` runs), `npx tsx
// src/main.ts`, and the compiled build, `node dist/main.js`. The financials are read on a worker thread, which
// must find its module and its loader in each. On PGlite each form runs as one process (the embedded database is
// one process's); on PostgreSQL the `npx tsx` and compiled forms run as an `api` and a `worker` process on one
// database. The build is made once, into a throwaway folder beside dist/.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEmptyPostgresDatabase, usingPostgres } from '../../helpers/db.js';
import { alive, descendants, freePort, waitUntilUp } from '../../helpers/processes.js';
import { SAMPLE_ENGAGEMENT } from '../../helpers/engagements.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BUILD = `dist-test-${process.pid}`;
const NODE = process.execPath;
const npxPath = [join(ROOT, 'node_modules/.bin'), dirname(NODE), process.env.PATH ?? ''].join(':');

before(() => {
  const r = spawnSync(NODE, ['scripts/build.mjs', BUILD], { cwd: ROOT, encoding: 'utf8', timeout: 300_000 });
  assert.equal(r.status, 0, `npm run build: ${r.stdout}${r.stderr}`);
});
after(() => rmSync(join(ROOT, BUILD), { recursive: true, force: true }));

interface Started {
  proc: ChildProcess;
  output: () => string;
}

function start(command: string, args: string[], env: Record<string, string>): Started {
  let output = '';
  const proc = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, PATH: npxPath, LOG_LEVEL: 'warn', WEB_DIST_DIR: '/nonexistent', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (d) => (output += d));
  proc.stderr!.on('data', (d) => (output += d));
  return { proc, output: () => output };
}

async function stop(started: Started[]): Promise<void> {
  const family = started.flatMap((s) => [s.proc.pid!, ...descendants(s.proc.pid!)]);
  // npx and tsx relay a signal to the server below them only partly: every process of the family is told.
  for (const pid of family) if (alive(pid)) process.kill(pid, 'SIGTERM');
  const until = Date.now() + 15_000;
  while (family.some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  for (const pid of family) if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** Creates an engagement with the demo token, uploads the sample company's financials and waits for the outcome. */
async function ingestsFinancials(base: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${base}/api/v1/engagements`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(SAMPLE_ENGAGEMENT),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { id } = (await created.json()) as { id: string };
  const form = new FormData();
  form.set('kind', 'FINANCIALS');
  const bytes = readFileSync(join(ROOT, 'test/fixtures/financials/sample-company.json'));
  form.set('file', new Blob([new Uint8Array(bytes)], { type: 'application/json' }), 'financials.json');
  const uploaded = await fetch(`${base}/api/v1/engagements/${id}/documents`, { method: 'POST', headers, body: form });
  assert.equal(uploaded.status, 201, await uploaded.clone().text());
  const until = Date.now() + 60_000;
  let docs: { status: string; errors?: unknown }[] = [];
  while (Date.now() < until) {
    docs = (await (await fetch(`${base}/api/v1/engagements/${id}/documents`, { headers })).json()) as typeof docs;
    if (docs[0] && docs[0].status !== 'PARSING') break;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(docs[0]?.status, 'PARSED', `the financials were read: ${JSON.stringify(docs[0])}`);
  const engagement = (await (await fetch(`${base}/api/v1/engagements/${id}`, { headers })).json()) as {
    status: string;
  };
  assert.equal(engagement.status, 'DATA_READY');
}

/**
 * Starts the service as `commands` say (one process, or an `api` and a `worker`), on a fresh database, and
 * checks that it ingests a financials file.
 */
async function startsAndIngests(commands: { command: string; args: string[] }[]): Promise<void> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'vs-start-forms-'));
  const database = usingPostgres() ? await createEmptyPostgresDatabase() : undefined;
  const env = {
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    DEMO_SEED: 'true',
    DEMO_ENGAGEMENTS: 'false',
  };
  const started: Started[] = [];
  try {
    // The API first: it migrates and seeds the demo firm; a worker then starts on the migrated database.
    for (const { command, args } of commands) {
      started.push(start(command, args, env));
      if (started.length === 1) {
        const up = await waitUntilUp(`http://127.0.0.1:${port}/api/v1/health`);
        assert.ok(up, `${[command, ...args].join(' ')} started: ${started[0].output()}`);
      }
    }
    const token = /API token (\S+)/.exec(started[0].output())?.[1];
    assert.ok(token, `the demo token was printed: ${started[0].output()}`);
    await ingestsFinancials(`http://127.0.0.1:${port}`, token);
  } finally {
    await stop(started);
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
}

const split = (command: string, args: string[]) => [
  { command, args: [...args, 'api'] },
  { command, args: [...args, 'worker'] },
];

test('`node --import tsx src/main.ts` (npm start) ingests a financials file', { timeout: 120_000 }, () =>
  startsAndIngests([{ command: NODE, args: ['--import', 'tsx', 'src/main.ts'] }]),
);

test(
  usingPostgres()
    ? '`npx tsx src/main.ts api` and `npx tsx src/main.ts worker` ingest a financials file'
    : '`npx tsx src/main.ts` ingests a financials file',
  { timeout: 120_000 },
  () =>
    startsAndIngests(
      usingPostgres() ? split('npx', ['tsx', 'src/main.ts']) : [{ command: 'npx', args: ['tsx', 'src/main.ts'] }],
    ),
);

test(
  usingPostgres()
    ? 'the build, `node dist/main.js api` and `node dist/main.js worker`, ingests a financials file'
    : 'the build, `node dist/main.js`, ingests a financials file',
  { timeout: 120_000 },
  () =>
    startsAndIngests(
      usingPostgres() ? split(NODE, [`${BUILD}/main.js`]) : [{ command: NODE, args: [`${BUILD}/main.js`] }],
    ),
);

// Runs node:test over every *.test.ts below the given folders (default: test/).
// Node 20 neither expands globs nor discovers .ts files, so we list them here.
// Prints node's own spec output, then a plain "N passed, N failed" line for CI.
import { readdirSync, statSync, readFileSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';

const roots = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.test.ts') ? [p] : [];
  });
const files = (roots.length ? roots : ['test']).flatMap((r) => (statSync(r).isDirectory() ? walk(r) : [r])).sort();
if (files.length === 0) {
  console.error('no test files found');
  process.exit(1);
}
const tapFile = join(mkdtempSync(join(tmpdir(), 'vs-test-')), 'results.tap');
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const result = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    `--test-concurrency=${concurrency}`,
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tapFile}`,
    ...files,
  ],
  { stdio: 'inherit', env: process.env },
);
let passed = 0;
let failed = 0;
const db = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
try {
  const tap = readFileSync(tapFile, 'utf8');
  passed = Number(/^# pass (\d+)/m.exec(tap)?.[1] ?? 0);
  failed = Number(/^# fail (\d+)/m.exec(tap)?.[1] ?? 0);
  // Where the minutes go: the slowest top-level tests (each file's tests run at the top level of the TAP stream).
  const slowest = [...tap.matchAll(/^(?:not )?ok \d+ - (.*)\n {2}---\n {2}duration_ms: ([\d.]+)/gm)]
    .map((m) => [Number(m[2]) / 1000, m[1]])
    .sort((a, b) => b[0] - a[0])
    .slice(0, 12);
  if (slowest.length > 1) {
    console.log(`\n[${db}] slowest tests:`);
    for (const [s, name] of slowest) console.log(`  ${s.toFixed(1).padStart(6)} s  ${name.slice(0, 110)}`);
  }
} catch {
  failed = 1;
}
console.log(`\n[${db}] ${passed} passed, ${failed} failed`);
process.exit(result.status === 0 && failed === 0 ? 0 : 1);

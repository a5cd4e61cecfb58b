// The runtime of record is Node 24 LTS, from the pinned `node` dependency that npm puts first on the
// PATH of every script (npm start, npm test), whatever the system Node is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

test('npm test runs on Node 24, and so does every npm script (npm start included)', () => {
  assert.equal(process.versions.node.split('.')[0], '24', `this test runs on ${process.version}`);
  const inScripts = spawnSync('npm', ['exec', '--silent', '--', 'node', '--version'], { encoding: 'utf8' });
  assert.match(inScripts.stdout.trim(), /^v24\./, inScripts.stderr);
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  assert.match(pkg.dependencies.node, /^24\./);
  assert.match(pkg.scripts.start, /node /, 'npm start runs `node`, which resolves to the pinned Node 24');
  assert.match(pkg.engines.node, /24/);
});

// Every dependency with an install script is named in package.json's allowScripts: the Node 24 runtime and
// esbuild (tsx's compiler) may run theirs, anything else (a telemetry ping) may not. An npm that runs only
// allowed scripts then still installs what `npm start` and `npm test` need (docs/operations.md, Install scripts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));

test('allowScripts covers exactly the packages with install scripts, allowing only node and esbuild', () => {
  const withScripts = new Set(
    Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([path, p]) => path !== '' && p.hasInstallScript)
      .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)),
  );
  assert.deepEqual(new Set(Object.keys(pkg.allowScripts)), withScripts);
  const allowed = Object.entries(pkg.allowScripts)
    .filter(([, v]) => v === true)
    .map(([k]) => k)
    .sort();
  assert.deepEqual(allowed, ['esbuild', 'node']);
});

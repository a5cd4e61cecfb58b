// Lints the served OpenAPI document with Redocly (redocly.yaml) and Spectral (.spectral.yaml):
// 0 errors and 0 warnings from each, or exit 1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { servedOpenApiDocument } from './generate-client.js';

const file = join(mkdtempSync(join(tmpdir(), 'vs-openapi-')), 'openapi.json');
writeFileSync(file, JSON.stringify(await servedOpenApiDocument(), null, 2));
const r = spawnSync(
  'npx',
  ['--no-install', 'redocly', 'lint', file, '--config', 'redocly.yaml', '--max-problems', '500'],
  { encoding: 'utf8' },
);
const out = `${r.stdout}${r.stderr}`;
process.stdout.write(out.replace(/^npm warn.*\n/gm, ''));
const warnings = /You have (\d+) warnings?/.exec(out);
if (r.status !== 0 || warnings) {
  console.error(
    `OpenAPI lint (Redocly): ${warnings ? `${warnings[1]} warnings` : `exit ${r.status}`}; the document must lint clean`,
  );
  process.exit(1);
}

// Spectral exits non-zero only at --fail-severity and above: "hint" makes every warning, info and hint fail too.
const spectral = spawnSync(
  'npx',
  [
    '--no-install',
    'spectral',
    'lint',
    file,
    '--ruleset',
    '.spectral.yaml',
    '--fail-severity',
    'hint',
    '--format',
    'text',
  ],
  { encoding: 'utf8' },
);
const spectralOut = `${spectral.stdout}${spectral.stderr}`.replace(/^npm warn.*\n/gm, '');
process.stdout.write(spectralOut || 'Spectral: no problems\n');
if (spectral.status !== 0) {
  console.error(`OpenAPI lint (Spectral): exit ${spectral.status}; the document must lint clean`);
  process.exit(1);
}

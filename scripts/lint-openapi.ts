// Lints the served OpenAPI document with Redocly (redocly.yaml): 0 errors and 0 warnings, or exit 1.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { servedOpenApiDocument } from './generate-client.js';

const file = join(mkdtempSync(join(tmpdir(), 'vs-openapi-')), 'openapi.json');
writeFileSync(file, JSON.stringify(await servedOpenApiDocument(), null, 2));
const r = spawnSync('npx', ['--no-install', 'redocly', 'lint', file, '--config', 'redocly.yaml', '--max-problems', '500'], { encoding: 'utf8' });
const out = `${r.stdout}${r.stderr}`;
process.stdout.write(out.replace(/^npm warn.*\n/gm, ''));
const warnings = /You have (\d+) warnings?/.exec(out);
if (r.status !== 0 || warnings) {
  console.error(`OpenAPI lint: ${warnings ? `${warnings[1]} warnings` : `exit ${r.status}`}; the document must lint clean`);
  process.exit(1);
}

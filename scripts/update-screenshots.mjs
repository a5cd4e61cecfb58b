// `npm run screenshots`: runs the console's browser suite with its screenshots in a fresh folder, then
// copies them into docs/console/ (the README shows them). Tests alone never touch docs/console/.
import { cpSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const dir = mkdtempSync(join(tmpdir(), 'vs-screens-'));
const run = spawnSync(process.execPath, ['scripts/run-tests.mjs', 'test/browser'], {
  stdio: 'inherit',
  env: { ...process.env, SCREENSHOT_DIR: dir },
});
if (run.status !== 0) process.exit(run.status ?? 1);
const shots = readdirSync(dir).filter((f) => f.endsWith('.png') && !f.startsWith('waiting-for-'));
for (const f of shots) cpSync(join(dir, f), join('docs/console', f));
console.log(`copied ${shots.length} screenshots into docs/console/: ${shots.join(', ')}`);

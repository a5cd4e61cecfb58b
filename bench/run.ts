// Runs the bench scenarios: every bench/*.ts (except this file) whose default export is a Scenario.
// `npm run bench` runs all; `npm run bench -- webhooks` runs only the named scenarios.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Scenario } from './lib/scenario.js';

const dir = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run.ts')
  .sort();

let failed = false;
for (const file of files) {
  const scenario = (await import(pathToFileURL(join(dir, file)).href)).default as Scenario | undefined;
  if (!scenario || typeof scenario.run !== 'function') continue;
  if (wanted.length > 0 && !wanted.includes(scenario.name)) continue;
  console.log(`\n== ${scenario.name}: ${scenario.description}`);
  const started = Date.now();
  try {
    const figures = await scenario.run();
    for (const [k, v] of Object.entries(figures))
      console.log(`   ${k.padEnd(34)} ${typeof v === 'number' ? Number(v.toFixed(2)) : v}`);
    console.log(`   (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  } catch (err) {
    failed = true;
    console.error(`   FAILED: ${err instanceof Error ? err.stack : String(err)}`);
  }
}
process.exit(failed ? 1 : 0);

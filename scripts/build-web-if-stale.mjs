// Builds the web console (web/dist) when it is missing or older than its sources, so a fresh clone's
// `npm install && npm start` serves it and `npm test`'s browser suite tests what is committed.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const inputs = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'src/contract', 'package-lock.json'];
const hash = createHash('sha256');
const walk = (p) => {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) for (const name of readdirSync(p).sort()) walk(join(p, name));
  else hash.update(p).update(readFileSync(p));
};
inputs.forEach(walk);
const digest = hash.digest('hex');
const stamp = 'web/dist/.source-hash';
if (existsSync(stamp) && readFileSync(stamp, 'utf8') === digest) process.exit(0);
console.log('building the web console (web/dist)…');
const r = spawnSync('npm', ['run', '--silent', 'build:web'], { stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
writeFileSync(stamp, digest);

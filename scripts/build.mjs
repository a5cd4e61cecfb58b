// `npm run build`: the service compiled to JavaScript for production (`node dist/main.js [api|worker]`,
// docs/operations.md). tsc compiles src/ into the output folder (dist/, or the one given: `npm run build -- <dir>`),
// then every file the code reads at run time beside its modules (SQL migrations, the report's fonts, the
// financials example) is copied to the same place below it, so dist/ finds them as src/ does. The output folder
// sits beside package.json's node_modules and "type": "module" (a folder elsewhere is refused: its imports
// would not resolve).
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, process.argv[2] ?? 'dist');
if (relative(root, dirname(out)) !== '') {
  console.error(
    `The build goes into a folder directly inside ${root} (it imports the packages of node_modules): ${out}`,
  );
  process.exit(2);
}
rmSync(out, { recursive: true, force: true });
const tsc = spawnSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json'), '--outDir', out],
  { stdio: 'inherit' },
);
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

/** Every file below src/ that is not TypeScript, copied to the same relative place in the output. */
const src = join(root, 'src');
const assets = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p);
    else if (!name.endsWith('.ts')) assets.push(relative(src, p));
  }
};
walk(src);
for (const a of assets) cpSync(join(src, a), join(out, a));
console.log(`built ${relative(root, out) || '.'}/ (${assets.length} files copied beside the modules)`);

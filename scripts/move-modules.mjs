// Moves source files and rewrites every relative import (and `new URL('./…', import.meta.url)`) that names them,
// in the moved files and in everything that imports them; path mentions in comments and docs follow.
// Usage: node scripts/move-modules.mjs moves.json   (moves.json: { "src/old/a.ts": "src/new/b.ts", … })
// A maintenance tool for reorganising the tree in one honest commit, not part of the build.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
const moves = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const SOURCE = /\.(ts|tsx|mjs|js|cjs)$/;
const TEXT = /\.(ts|tsx|mjs|js|cjs|md|json|yaml|yml|sh)$/;
const SKIP = new Set(['node_modules', '.git', 'dist', 'data', 'web/dist']);

function walk(dir, out = []) {
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = dir ? `${dir}/${name}` : name;
    if (SKIP.has(rel) || SKIP.has(name)) continue;
    const st = statSync(path.join(root, rel));
    if (st.isDirectory()) walk(rel, out);
    else if (TEXT.test(name) || rel.startsWith('.ci/')) out.push(rel);
  }
  return out;
}

const files = walk('');
const fileSet = new Set(files);
const newOf = (p) => moves[p] ?? p;

/** The repository path an import specifier names, tried as TypeScript first (imports say .js for .ts). */
function resolveTarget(fromDir, spec) {
  const base = path.posix.normalize(path.posix.join(fromDir, spec));
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    `${base}/index.ts`,
  ];
  for (const c of candidates) if (fileSet.has(c) || moves[c]) return { target: c, suffix: base === c ? '' : c };
  // A folder named in a URL, or a file this tool does not track (fonts, assets): keep the path as it is.
  return { target: base, suffix: '' };
}

function rewriteSpec(fileOld, fileNew, spec) {
  const { target } = resolveTarget(path.posix.dirname(fileOld), spec);
  let movedTarget = newOf(target);
  // Directories: a moved folder prefix moves what is under it.
  for (const [from, to] of Object.entries(moves))
    if (from.endsWith('/') && target.startsWith(from)) movedTarget = to + target.slice(from.length);
  let rel = path.posix.relative(path.posix.dirname(fileNew), movedTarget) || '.';
  if (!rel.startsWith('.')) rel = `./${rel}`;
  // A folder URL keeps its trailing slash (new URL resolves names inside it).
  if (spec.endsWith('/') && !rel.endsWith('/')) rel = `${rel}/`;
  // Keep the specifier's own extension style (.js for a .ts file).
  if (spec.endsWith('.js') && rel.endsWith('.ts')) rel = rel.replace(/\.ts$/, '.js');
  if (spec.endsWith('.js') && rel.endsWith('.tsx')) rel = rel.replace(/\.tsx$/, '.js');
  if (!/\.(js|ts|tsx|mjs|json|ttf|otf|woff2?)$/.test(spec)) rel = rel.replace(/\.(ts|tsx)$/, '');
  return rel;
}

const IMPORT =
  /((?:from|import|export\s+\*\s+from|require\(|import\()\s*|new URL\(\s*|vi\.mock\(\s*)(['"])(\.{1,2}\/[^'"\n]+)\2/g;

const pathPairs = Object.entries(moves).sort((a, b) => b[0].length - a[0].length);

for (const file of files) {
  const fileNew = newOf(file);
  let text = readFileSync(path.join(root, file), 'utf8');
  const before = text;
  if (SOURCE.test(file))
    text = text.replace(IMPORT, (all, lead, q, spec) => `${lead}${q}${rewriteSpec(file, fileNew, spec)}${q}`);
  // Mentions of moved paths in comments, docs and scripts (with and without the extension).
  for (const [from, to] of pathPairs) {
    if (!text.includes(from.replace(/\.ts$/, ''))) continue;
    text = text.split(from).join(to);
    const fromBare = from.replace(/\.ts$/, '');
    const toBare = to.replace(/\.ts$/, '');
    if (fromBare !== from)
      text = text.replace(new RegExp(`${fromBare.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\w.-])`, 'g'), toBare);
  }
  if (text !== before || fileNew !== file) {
    if (fileNew !== file) {
      mkdirSync(path.dirname(path.join(root, fileNew)), { recursive: true });
      execFileSync('git', ['mv', file, fileNew], { cwd: root });
    }
    writeFileSync(path.join(root, fileNew), text);
  }
}
for (const from of Object.keys(moves)) if (existsSync(path.join(root, from))) console.error(`not moved: ${from}`);
console.log(`moved ${Object.keys(moves).length} files`);

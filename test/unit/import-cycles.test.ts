// No import cycles in the server (src/) or the console (web/src): every relative import is followed,
// type-only imports included (a cycle of types still ties the modules' designs together).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(new URL('../..', import.meta.url).pathname);
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [p] : [];
  });

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(existsSync);
}

function cycles(roots: string[]): string[][] {
  const graph = new Map<string, string[]>();
  for (const file of roots.flatMap(files)) {
    const text = readFileSync(file, 'utf8');
    const specs = [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"](\.[^'"]+)['"]/gm)].map((m) => m[1]);
    graph.set(
      file,
      specs.map((s) => resolveImport(file, s)).filter((x): x is string => x !== undefined),
    );
  }
  const found: string[][] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'visiting');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'visiting')
        found.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(ROOT, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

test('no import cycles in src/ or web/src', () => {
  const found = cycles([join(ROOT, 'src'), join(ROOT, 'web/src')]);
  assert.deepEqual(
    found.map((c) => c.join(' → ')),
    [],
  );
});

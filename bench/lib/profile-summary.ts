// Self time of a V8 .cpuprofile (node --cpu-prof) by package or source file, and the top functions:
// `npx tsx bench/lib/profile-summary.ts <file.cpuprofile>`.
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const profile = JSON.parse(readFileSync(process.argv[2], 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...self.values()].reduce((a, b) => a + b, 0);

const where = (url: string, fn: string) => {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return url;
  const src = /\/(src|bench)\/(.*)$/.exec(url);
  return src ? `${src[1]}/${src[2]}` : url;
};
const groups = new Map<string, number>();
const fns = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  const g = where(n.callFrame.url, n.callFrame.functionName);
  groups.set(g, (groups.get(g) ?? 0) + t);
  const f = `${n.callFrame.functionName || '(anonymous)'} ${g}:${n.callFrame.lineNumber + 1}`;
  fns.set(f, (fns.get(f) ?? 0) + t);
}
const pct = (t: number) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log(`total ${(total / 1e6).toFixed(1)} s sampled`);
console.log('\nself time by package / file:');
for (const [g, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`  ${pct(t)}  ${g}`);
console.log('\ntop functions:');
for (const [f, t] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25)))
  console.log(`  ${pct(t)}  ${f}`);

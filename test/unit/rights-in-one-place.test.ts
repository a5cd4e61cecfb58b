// Who may act is decided in one place: src/domain/engagement/rights.ts (an engagement's actions) and
// src/domain/identity/firm-rights.ts (the firm's). The console shows and hides from the service's answers
// (`myActions`, `me.can`, `assignable`, `lastActiveAdmin`) and the services ask the rights; neither spells a
// role, stage-group or four-eyes rule of its own (docs/decisions.md, Who may do what).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

function files(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each kind of rule, and how it shows in code. */
const RULES: [string, RegExp][] = [
  ['a role comparison', /\b(roleAtLeast|hasRole|atLeast)\(|\brole\s*[!=]==\s*'(ADMIN|VALUER|VIEWER)'/],
  ['a stage group deciding edit, upload or lock', /\b(INPUT_STAGES|FINANCIALS_UPLOAD_STAGES|REPORT_FACTS_STAGES)\b/],
  ['a four-eyes rule', /\bindependenceConflicts\b/],
  ['a rule about the last ADMIN', /activeAdmins\s*===\s*1|\.length === 1 && admins/],
];

/** Where a match is not a rule about who may act, each with why. */
const NOT_A_RULE: Record<string, string> = {
  // The audit trail's reader: who approved a gate, a fact the rights decide on.
  'src/features/platform/audit.repository.ts': 'reads the facts',
};

test('no role, stage-group or four-eyes rule in the console or the services: they ask the rights', () => {
  const found: string[] = [];
  for (const file of [...files('web/src'), ...files('src/features')]) {
    if (NOT_A_RULE[file]) continue;
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      for (const [kind, pattern] of RULES)
        if (pattern.test(line)) found.push(`${file}:${i + 1}: ${kind}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, [], `rules outside the rights module:\n${found.join('\n')}`);
});

test('the test finds a rule when one is written (it is not blind)', () => {
  const samples = [
    "const mayChange = me.role === 'ADMIN';",
    'if (!inStages(INPUT_STAGES, e.status)) return;',
    "atLeast(me, 'VALUER')",
    'const conflicts = independenceConflicts(gate, id, history);',
  ];
  for (const sample of samples)
    assert.ok(
      RULES.some(([, p]) => p.test(sample)),
      sample,
    );
  assert.equal(relative(root, join(root, 'web/src')), 'web/src');
});

// Every warning or input-problem code the valuation emits has a sentence for people in the catalogue.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { WARNING_CATALOGUE } from '../../src/contract/warnings.js';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('every code the engine and services emit as a warning or input problem has a sentence', () => {
  const codes = new Set<string>();
  for (const f of [...files('src/domain'), ...files('src/features')]) {
    for (const m of readFileSync(f, 'utf8').matchAll(/code: '([A-Z][A-Z0-9_]+)'/g)) codes.add(m[1]);
  }
  assert.ok(codes.size >= 20, `found ${codes.size} codes`);
  const missing = [...codes].filter((c) => !WARNING_CATALOGUE[c]);
  assert.deepEqual(missing, []);
  for (const [code, s] of Object.entries(WARNING_CATALOGUE)) {
    assert.match(s, /^[A-Z].*\.$/, `${code}: a sentence`);
    assert.doesNotMatch(s, /[A-Z]{2,}_[A-Z]/, `${code}: no code in the sentence`);
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findUnstorableText, printable, unstorableTextReason } from '../../../src/domain/financials/storable-text.js';

test('NUL and unpaired surrogates are refused; paired surrogates (emoji) and ordinary text are not', () => {
  assert.match(String(unstorableTextReason('a\u0000b')), /NUL/);
  assert.match(String(unstorableTextReason('x\uD800')), /unpaired/);
  assert.match(String(unstorableTextReason('\uDC00x')), /unpaired/);
  assert.equal(unstorableTextReason('₹ 1,00,000 😀'), null);
  assert.equal(unstorableTextReason(''), null);
});

test('every bad key and value is named by its JSON Pointer, printable, in document order', () => {
  const found = findUnstorableText({ a: ['ok', 'b\u0000'], 'k/\uD800': { '~': '\uDFFF' } });
  assert.deepEqual(
    found.map((f) => f.path),
    ['/a/1', '/k~1\\uD800', '/k~1\\uD800/~0'],
  );
  assert.match(found[1].message, /^the key contains/);
  assert.equal(printable('a\u0000b\uD800'), 'a\\u0000b\\uD800');
  assert.deepEqual(findUnstorableText({ n: 1, b: true, z: null }), []);
});

// Four eyes (src/domain/engagement/four-eyes.ts): who may not decide GATE_2 (locked the assumptions or
// approved GATE_1) and GATE_3 (approved GATE_2); GATE_1 bars nobody.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { independenceConflicts } from '../../src/domain/engagement/four-eyes.js';

const history = { lockedBy: 'usr_lock', gate1: 'usr_g1', gate2: 'usr_g2' };

test('GATE_2: whoever locked or approved GATE_1 is barred, naming both when both', () => {
  assert.deepEqual(independenceConflicts('GATE_2', 'usr_lock', history), ['locked the assumptions']);
  assert.deepEqual(independenceConflicts('GATE_2', 'usr_g1', history), ['approved Gate 1 (data verification)']);
  assert.deepEqual(
    independenceConflicts('GATE_2', 'usr_both', { lockedBy: 'usr_both', gate1: 'usr_both', gate2: null }),
    ['locked the assumptions', 'approved Gate 1 (data verification)'],
  );
  assert.deepEqual(independenceConflicts('GATE_2', 'usr_g2', history), []);
  assert.deepEqual(independenceConflicts('GATE_2', 'usr_other', { lockedBy: null, gate1: null, gate2: null }), []);
});

test('GATE_3: only the GATE_2 reviewer is barred; GATE_1: nobody', () => {
  assert.deepEqual(independenceConflicts('GATE_3', 'usr_g2', history), [
    'approved Gate 2 (methodology and assumptions)',
  ]);
  assert.deepEqual(independenceConflicts('GATE_3', 'usr_lock', history), []);
  assert.deepEqual(independenceConflicts('GATE_3', 'usr_g1', history), []);
  assert.deepEqual(independenceConflicts('GATE_1', 'usr_lock', history), []);
});

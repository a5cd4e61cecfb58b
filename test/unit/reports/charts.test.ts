// The football field's value axis (src/reports/charts.ts): ticks from zero past the largest value, in steps a
// reader counts in (1, 2 or 5 × a power of ten), and every value inside the plot.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { niceTicks } from '../../../src/reports/charts.js';

test('value axis ticks: from zero, about five steps of 1, 2 or 5 × 10^k, the last at or past the largest value', () => {
  assert.deepEqual(niceTicks(94.5, 409.52), [0, 100, 200, 300, 400, 500]);
  assert.deepEqual(niceTicks(107.8, 414.04), [0, 100, 200, 300, 400, 500]);
  assert.deepEqual(niceTicks(12.4, 38.2), [0, 10, 20, 30, 40]);
  assert.deepEqual(niceTicks(1200, 9800), [0, 2000, 4000, 6000, 8000, 10000]);
  assert.deepEqual(niceTicks(0.4, 2.3), [0, 0.5, 1, 1.5, 2, 2.5]);
});

test('value axis ticks: a negative value (a company worth less than nothing per share) starts the axis below zero', () => {
  assert.deepEqual(niceTicks(-35, 120), [-50, 0, 50, 100, 150]);
  const ticks = niceTicks(-35, 120);
  assert.ok(ticks[0] <= -35 && ticks.at(-1)! >= 120);
});

test('value axis ticks: all values equal (one method at zero) still give an axis', () => {
  const ticks = niceTicks(0, 0);
  assert.ok(ticks.length >= 2 && ticks[0] === 0);
});

// The judgement calls of docs/valuation-method.md, each with its hand-computed example: a method's
// negative equity enters the weighting at nil; the lock's least WACC − g spread of 1 percentage point.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dec } from '../../../src/domain/valuation/money.js';
import { flooredSentence, weighMethods } from '../../../src/domain/valuation/statute-weights.js';
import type { StatuteContext } from '../../../src/domain/valuation/statute-context.js';
import { spreadRefusal } from '../../../src/domain/valuation/warnings.js';

const noEvidence = {
  comparables: { computation: null, warnings: [] },
  evidence: { methods: [], values: {}, warnings: [] },
};

test('negative equity: NAV at −₹4.07 enters a 70/30 weighting at nil, so the conclusion is 70 % of the DCF’s ₹120.00 = ₹84.00', () => {
  const { components, weighted } = weighMethods(
    {} as StatuteContext,
    { dcf: '70', nav: '30', comparables: '0' },
    {
      ...noEvidence,
      rawValues: { DCF: dec('120'), NAV: dec('-4.07') },
    },
  );
  // Weighed as computed it would be 120 × 0.7 − 4.07 × 0.3 = 84 − 1.221 = ₹82.779 → ₹82.78.
  assert.equal(weighted.toFixed(2), '84.00');
  const nav = components.find((c) => c.method === 'NAV')!;
  assert.equal(nav.value.toString(), '0');
  assert.equal(nav.computedValue.toString(), '-4.07');
  assert.equal(nav.floored, true);
  assert.match(
    flooredSentence(components),
    /Net asset value \(₹-4\.07 a share\) gives a negative equity value;.*enters the weighting at nil/,
  );
  // A positive value is weighed as it is, and says nothing.
  const plain = weighMethods(
    {} as StatuteContext,
    { dcf: '70', nav: '30', comparables: '0' },
    {
      ...noEvidence,
      rawValues: { DCF: dec('120'), NAV: dec('80') },
    },
  );
  assert.equal(plain.weighted.toFixed(2), '108.00');
  assert.equal(flooredSentence(plain.components), '');
});

test('the least spread: WACC − g below 1 percentage point is refused, naming /terminalGrowthRate; 1 point is accepted', () => {
  assert.equal(spreadRefusal(dec('12'), dec('11')), null);
  assert.equal(spreadRefusal(dec('12'), dec('4')), null);
  // 12 − 11.5 = 0.5 point: terminal value = 1.115 / 0.005 = 223 times the final year's FCFF.
  const half = spreadRefusal(dec('12'), dec('11.5'));
  assert.equal(half?.path, '/terminalGrowthRate');
  assert.match(half!.message, /is 0\.5, which makes the terminal value 223 times/);
  // The held-out case: growth 0.0001 below WACC (12 − 11.9999): 1.119999 / 0.000001 = 1,119,999 times.
  assert.match(spreadRefusal(dec('12'), dec('11.9999'))!.message, /1119999 times/);
  // Fractions typed for percents (0.12 and 0.04) are refused too: 0.08 point.
  assert.match(spreadRefusal(dec('0.12'), dec('0.04'))!.message, /is 0\.08/);
});

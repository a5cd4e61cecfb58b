// Values in words, the Indian way, as the conclusion of a report states them.
import test from 'node:test';
import assert from 'node:assert/strict';
import { rupeesInWords } from '../../../src/contract/money-format.js';

test('rupees and paise in words with lakh and crore', () => {
  assert.equal(rupeesInWords('151.81'), 'Rupees one hundred fifty-one and paise eighty-one only');
  assert.equal(rupeesInWords('10.00'), 'Rupees ten only');
  assert.equal(rupeesInWords('0.05'), 'Rupees zero and paise five only');
  assert.equal(
    rupeesInWords('1234567.5'),
    'Rupees twelve lakh thirty-four thousand five hundred sixty-seven and paise fifty only',
  );
  assert.equal(
    rupeesInWords('2443813188.25'),
    'Rupees two hundred forty-four crore thirty-eight lakh thirteen thousand one hundred eighty-eight and paise twenty-five only',
  );
  assert.equal(rupeesInWords('1000000000000'), 'Rupees one lakh crore only');
  assert.equal(rupeesInWords('-20.00'), 'Minus rupees twenty only');
});

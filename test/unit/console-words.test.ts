// The console's figures and words: amounts in a document's unit moved exactly (never through a float),
// messages as sentences, JSON Pointers as labels, no API paths.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inUnit, rupeesIn } from '../../src/contract/money-format.js';
import { fieldLabel, sentence, withoutApiPaths } from '../../src/contract/sentences.js';

test("amounts in the document's unit: the decimal point moved on the string, Indian grouping, ₹", () => {
  assert.equal(inUnit('2088000000.00', 'LAKHS'), '20880.00');
  assert.equal(rupeesIn('2088000000.00', 'LAKHS'), '₹20,880.00 lakh');
  assert.equal(rupeesIn('2088000000.00', 'RUPEES'), '₹2,08,80,00,000.00');
  assert.equal(rupeesIn('123456789012.34', 'CRORES'), '₹12,345.678901234 crore');
  assert.equal(inUnit('0.50', 'LAKHS'), '0.000005', 'exact, however small');
  assert.equal(rupeesIn('-1234567.5', 'THOUSANDS'), '−₹1,234.5675 thousand');
  assert.equal(inUnit('9007199254740993.01', 'RUPEES'), '9007199254740993.01', "beyond a float's precision");
});

test('messages as sentences; pointers as labels; no API paths', () => {
  assert.equal(
    sentence('Too small: expected string to have >=20 characters', 'rationale'),
    'Write at least 20 characters explaining the assumptions.',
  );
  assert.equal(sentence('Too small: expected number to be >=0.01'), 'Enter 0.01 or more.');
  assert.equal(sentence('Invalid input: expected string, received undefined'), 'This is required.');
  assert.equal(
    sentence('must be a 21-character CIN such as U72200KA2015PTC081234'),
    'Must be a 21-character CIN such as U72200KA2015PTC081234.',
  );
  assert.equal(sentence('Already a sentence.'), 'Already a sentence.');
  assert.equal(fieldLabel('/balanceSheet/propertyPlantEquipment'), 'Balance sheet, Property, plant and equipment');
  assert.equal(fieldLabel('/history/2/ebitda'), 'History, line 3, EBITDA');
  assert.equal(fieldLabel('/appointingAuthority'), 'Appointing authority');
  assert.equal(
    withoutApiPaths('Sign in again: PATCH /api/v1/auth/me needs a session'),
    'Sign in again: this request needs a session',
  );
  assert.doesNotMatch(sentence('see /api/v1/engagements/eng_1/valuation for the figures'), /\/api\//);
  // A service's message names its days as the API writes them; a person reads them in words.
  assert.equal(
    sentence('The committee of creditors (2026-03-20) is constituted after the admission order of 2026-03-31'),
    'The committee of creditors (20 Mar 2026) is constituted after the admission order of 31 Mar 2026.',
  );
  assert.equal(withoutApiPaths('not a day: 2026-13-45'), 'not a day: 2026-13-45');
});

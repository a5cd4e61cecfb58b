// A day as a person types it in the console, day first (src/contract/dates-in-words.ts): each form read to the
// same ISO day, a day that does not exist refused, and the short form the fields show.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayShort, parseDay } from '../../src/contract/dates-in-words.js';

test('the forms a valuer types all read as the same day', () => {
  for (const typed of [
    '31 Mar 2026',
    '31 March 2026',
    '31/03/2026',
    '31-03-2026',
    '31.03.2026',
    '2026-03-31',
    ' 31 mar 2026 ',
  ])
    assert.equal(parseDay(typed), '2026-03-31', typed);
  assert.equal(parseDay('3/4/2026'), '2026-04-03', 'day first, as in India');
});

test('a day that does not exist, or text that is no day, is refused', () => {
  for (const typed of ['31 Feb 2026', '29/02/2026', '2026-13-01', '00/01/2026', 'tomorrow', '31 Mrz 2026', ''])
    assert.equal(parseDay(typed), null, typed);
  assert.equal(parseDay('29 Feb 2028'), '2028-02-29', 'a leap day');
});

test('the short form the fields show', () => {
  assert.equal(dayShort('2026-03-31'), '31 Mar 2026');
  assert.equal(dayShort('2026-11-02'), '2 Nov 2026');
  assert.equal(parseDay(dayShort('2026-09-09')), '2026-09-09');
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  formatDate,
  formatDayInIndia,
  formatLineValue,
  groupIndian,
  lakh,
  rupees,
} from '../../../src/reports/format.js';

test('Indian digit grouping', () => {
  assert.equal(groupIndian('1'), '1');
  assert.equal(groupIndian('123'), '123');
  assert.equal(groupIndian('1234'), '1,234');
  assert.equal(groupIndian('123456'), '1,23,456');
  assert.equal(groupIndian('1234567'), '12,34,567');
  assert.equal(groupIndian('12345678901'), '12,34,56,78,901');
});

test('line values by kind', () => {
  assert.equal(rupees('1234567.89'), '₹12,34,567.89');
  assert.equal(rupees('-1500000.00'), '−₹15,00,000.00');
  assert.equal(rupees('-0.00'), '₹0.00');
  assert.equal(formatLineValue('245.37', 'PER_SHARE'), '₹245.37');
  assert.equal(formatLineValue('12.5', 'PERCENT'), '12.5%');
  assert.equal(formatLineValue('0.888889', 'FACTOR'), '0.888889');
  assert.equal(formatLineValue('8.5', 'MULTIPLE'), '8.5');
  assert.equal(formatLineValue('2500000', 'COUNT'), '25,00,000');
  assert.equal(formatLineValue('n/a', 'AMOUNT'), 'n/a');
  assert.equal(lakh('313943816.51'), '3,139.44');
});

test('dates', () => {
  assert.equal(formatDate('2026-03-31'), '31 March 2026');
  // Timestamps are shown in Indian Standard Time (UTC+5:30), across midnight too.
  assert.equal(formatDate('2026-04-24T09:31:00Z'), '24 April 2026, 15:01 IST');
  assert.equal(formatDate('2026-04-24T20:00:00Z'), '25 April 2026, 01:30 IST');
  assert.equal(formatDayInIndia('2026-04-24T20:00:00Z'), '25 April 2026');
  assert.equal(formatDayInIndia('2026-04-24T18:29:00Z'), '24 April 2026');
  assert.equal(formatDate('whenever'), 'whenever');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { estimateFormula, indianNumberFormat } from '../../../src/reports/spreadsheet-number-formats.js';

const rupees = (v: number) => indianNumberFormat(v, { decimals: 2, currency: true });

test('each figure gets the grouping pattern of its own magnitude, the same for both signs', () => {
  assert.equal(rupees(0), '"₹"##0.00;-"₹"##0.00');
  assert.equal(rupees(999.99), '"₹"##0.00;-"₹"##0.00');
  assert.equal(rupees(999.995), '"₹"#\\,##0.00;-"₹"#\\,##0.00', 'rounds to 1,000.00 first');
  assert.equal(rupees(-12345.6), '"₹"##\\,##0.00;-"₹"##\\,##0.00');
  assert.equal(rupees(123456), '"₹"#\\,##\\,##0.00;-"₹"#\\,##\\,##0.00');
  assert.equal(
    rupees(1_00_00_00_000),
    '"₹"#\\,##\\,##\\,##\\,##0.00;-"₹"#\\,##\\,##\\,##\\,##0.00',
    '₹100 crore: 1,00,00,00,000.00',
  );
  assert.equal(
    rupees(-2_44_38_13_188.25),
    rupees(1_00_00_00_000),
    '−₹244 crore, -2,44,38,13,188.25: ten digits like ₹100 crore',
  );
  assert.equal(
    rupees(12_34_56_78_90_123),
    '"₹"##\\,##\\,##\\,##\\,##\\,##0.00;-"₹"##\\,##\\,##\\,##\\,##\\,##0.00',
    '₹1,23,456 crore',
  );
  assert.equal(indianNumberFormat(500000, { decimals: 0, currency: false }), '#\\,##\\,##0;-#\\,##\\,##0');
});

test("a formula's figure is estimated from the cells it names, on its own sheet or another", () => {
  const figures = new Map([
    ['Inputs!$B$5', 100],
    ['Inputs!$B$6', -40],
    ['DCF!$C$9', 7],
  ]);
  assert.equal(estimateFormula('SUM(Inputs!$B$5,Inputs!$B$6)-C9*2', figures, 'DCF'), 46);
  assert.equal(estimateFormula('MAX(Inputs!$B$6,0)+AVERAGE(Inputs!$B$5,C9)', figures, 'DCF'), 53.5);
  assert.equal(estimateFormula('Inputs!$B$7+1', figures, 'DCF'), undefined, 'an unknown cell');
  assert.equal(estimateFormula('SMALL(Inputs!$B$5,1)', figures, 'DCF'), undefined, 'a function it does not read');
  assert.equal(estimateFormula('IF(C9>1,1,0)', figures, 'DCF'), undefined);
  // A sheet named in words is quoted, in the formula and in the figures' keys alike.
  const quoted = new Map([
    ["'Discounted cash flow'!$B$5", 3],
    ['Inputs!$B$5', 100],
  ]);
  assert.equal(estimateFormula("'Discounted cash flow'!$B$5*2+Inputs!$B$5", quoted, 'Summary'), 106);
  assert.equal(estimateFormula('B5*2', quoted, "'Discounted cash flow'"), 6);
});

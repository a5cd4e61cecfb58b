import assert from 'node:assert/strict';
import { test } from 'node:test';
import { discountExponent, stubPeriod } from '../../../src/domain/valuation/stub.js';
import { dec } from '../../../src/domain/valuation/money.js';
import { missingInputs } from '../../../src/domain/valuation/readiness.js';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { loadFinancials } from './helpers.js';

test("s counts the days after the valuation date to the end of the first year, over that year's days (366 with a 29 February)", () => {
  assert.deepEqual(
    { ...stubPeriod('2026-10-31', 'FY2027'), fraction: undefined },
    { fraction: undefined, days: 151, daysInYear: 365, firstYearEnd: '2027-03-31' },
  );
  assert.equal(stubPeriod('2026-03-31', 'FY2027').fraction.toString(), '1');
  assert.equal(stubPeriod('2027-03-30', 'FY2027').days, 1);
  const leap = stubPeriod('2027-09-30', 'FY2028'); // 1 Oct 2027 – 31 Mar 2028, with 29 Feb 2028
  assert.equal(leap.days, 183);
  assert.equal(leap.daysInYear, 366);
  assert.equal(leap.fraction.toString(), dec(183).div(366).toString());
});

test('exponents: end-of-year s + (k − 1); mid-year s/2 then s + k − 1.5', () => {
  const s = dec('0.25');
  assert.deepEqual(
    [1, 2, 3].map((k) => discountExponent(s, k, false).toString()),
    ['0.25', '1.25', '2.25'],
  );
  assert.deepEqual(
    [1, 2, 3].map((k) => discountExponent(s, k, true).toString()),
    ['0.125', '0.75', '1.75'],
  );
  assert.deepEqual(
    [1, 2].map((k) => discountExponent(dec(1), k, true).toString()),
    ['0.5', '1.5'],
    "s = 1 gives today's mid-year",
  );
});

test('projections that end before the valuation date, or start more than a day after it, are refused naming /projections', () => {
  const f = loadFinancials('sample-company.json'); // FY2027–FY2031
  const ctx = { statute: 'COMPANIES_ACT_SEC_62' as const, purpose: null };
  assert.deepEqual(missingInputs(f, { ...ctx, valuationDate: '2026-10-31' }), []);
  assert.deepEqual(missingInputs(f, { ...ctx, valuationDate: '2026-03-31' }), []);
  const early = missingInputs(f, { ...ctx, valuationDate: '2026-03-30' });
  assert.deepEqual(
    early.map((m) => [m.path, m.code]),
    [['/projections', 'PROJECTIONS_OUT_OF_RANGE']],
  );
  assert.match(early[0].message, /more than twelve months away/);
  const late = missingInputs(f, { ...ctx, valuationDate: '2031-04-01' });
  assert.match(late[0].message, /end on 2031-03-31 \(FY2031\), before the valuation date 2031-04-01/);
  const firstGone = missingInputs(f, { ...ctx, valuationDate: '2027-04-01' });
  assert.match(firstGone[0].message, /FY2027, ends on 2027-03-31, before the valuation date/);
  assert.throws(
    () =>
      computeValuation({
        financials: f,
        assumptions: { wacc: 12, terminalGrowthRate: 4 },
        engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2027-04-01' },
      }),
    (err: Error & { code?: string }) => err.code === 'PROJECTIONS_OUT_OF_RANGE',
  );
});

test('a DCF shown only for information (Rule 11UA on NAV) is left out, with a warning, when the projections do not start at the valuation date', () => {
  const r = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-02-28' },
  });
  assert.deepEqual(
    r.methods.map((m) => m.method),
    ['NAV_11UA_1CB'],
  );
  assert.equal(r.sensitivity, undefined);
  const warning = r.warnings.find((w) => w.code === 'DCF_OMITTED_PROJECTIONS_NOT_FROM_VALUATION_DATE');
  assert.match(warning?.message ?? '', /left out: The first projection year, FY2027, starts on 2026-04-01/);
  // Where the DCF is adopted (Rule 11UA(2)(b)), the same projections are refused.
  assert.throws(
    () =>
      computeValuation({
        financials: loadFinancials('sample-company.json'),
        assumptions: { wacc: 12, terminalGrowthRate: 4 },
        engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-02-28' },
        options: { rule11uaIssueMethod: 'DCF' },
      }),
    (err: Error & { code?: string }) => err.code === 'PROJECTIONS_OUT_OF_RANGE',
  );
});

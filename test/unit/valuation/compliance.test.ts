/**
 * The proposed price tested against each statute's rule, with a price one paisa
 * below, exactly at and one paisa above the line. Sample company (LAKHS), WACC 12 %, g 4 %:
 * DCF 302.55; s.62 default weights 50/50 → 198.52; NAV 11UA(2)(a) 94.30; NAV 11UA(1)(c)(b) 107.80.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation, type Purpose, type Statute } from '../../../src/domain/valuation/engine.js';
import { loadFinancials, projectionsFrom } from './helpers.js';

function tests(statute: Statute, purpose: Purpose | null, price: string, valuationDate = '2026-03-31') {
  const r = computeValuation({
    // A valuation date before FY2027 takes the projections as starting in the year that holds it (docs/valuation-method.md, Stub period).
    financials:
      valuationDate < '2026-03-31'
        ? projectionsFrom(
            loadFinancials('sample-company.json'),
            `FY${Number(valuationDate.slice(0, 4)) + (valuationDate.slice(5) > '03-31' ? 1 : 0)}`,
          )
        : loadFinancials('sample-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute, purpose, valuationDate, proposedPricePerShare: price },
  });
  return r.compliance?.tests ?? [];
}

/** [price, passes, margin] for below, at and above the line. */
function expectLine(
  statute: Statute,
  purpose: Purpose | null,
  cases: [string, boolean, string][],
  valuationDate?: string,
) {
  for (const [price, passes, margin] of cases) {
    const [t] = tests(statute, purpose, price, valuationDate);
    assert.ok(t, `${statute} ${purpose}: a test`);
    assert.equal(t.passes, passes, `${statute} ${purpose} at ${price}`);
    assert.equal(t.margin, margin, `${statute} ${purpose} margin at ${price}`);
    assert.equal(t.proposedPricePerShare, price);
  }
}

test('Companies Act s.62(1)(c): price ≥ value (198.52)', () => {
  expectLine('COMPANIES_ACT_SEC_62', null, [
    ['198.51', false, '-0.01'],
    ['198.52', true, '0.00'],
    ['198.53', true, '0.01'],
  ]);
  const [t] = tests('COMPANIES_ACT_SEC_62', null, '200.00');
  assert.equal(t.linePerShare, '198.52');
  assert.equal(t.relation, 'AT_LEAST');
  assert.match(t.rule, /s\.62\(1\)\(c\)/);
  assert.equal(t.marginPercent, '0.75'); // 1.48 / 198.52 = 0.7455… %
});

test('FEMA: issue and transfer to a non-resident, price ≥ fair value; non-resident to resident, price ≤ fair value', () => {
  for (const purpose of ['ISSUE_TO_NON_RESIDENT', 'TRANSFER_RESIDENT_TO_NON_RESIDENT'] as const) {
    expectLine('FEMA_RBI', purpose, [
      ['302.54', false, '-0.01'],
      ['302.55', true, '0.00'],
      ['302.56', true, '0.01'],
    ]);
  }
  expectLine('FEMA_RBI', 'TRANSFER_NON_RESIDENT_TO_RESIDENT', [
    ['302.54', true, '-0.01'],
    ['302.55', true, '0.00'],
    ['302.56', false, '0.01'],
  ]);
  assert.match(tests('FEMA_RBI', 'TRANSFER_NON_RESIDENT_TO_RESIDENT', '1.00')[0].rule, /Rule 21\(2\)\(c\)/);
  // Without a direction, every direction's test is shown.
  assert.deepEqual(
    tests('FEMA_RBI', null, '302.55').map((t) => [t.purpose, t.relation]),
    [
      ['ISSUE_TO_NON_RESIDENT', 'AT_LEAST'],
      ['TRANSFER_RESIDENT_TO_NON_RESIDENT', 'AT_LEAST'],
      ['TRANSFER_NON_RESIDENT_TO_RESIDENT', 'AT_MOST'],
    ],
  );
});

test('Rule 11UA issue: price ≤ FMV × 1.10 (94.30 × 1.10 = 103.73); s.56(2)(viib) applies to an issue before 1-4-2024 only', () => {
  expectLine(
    'RULE_11UA',
    'ISSUE_OF_SHARES',
    [
      ['103.72', true, '-0.01'],
      ['103.73', true, '0.00'],
      ['103.74', false, '0.01'],
    ],
    '2024-03-31',
  );
  const [before] = tests('RULE_11UA', 'ISSUE_OF_SHARES', '110.00', '2024-03-31');
  assert.equal(before.linePerShare, '103.73');
  assert.equal(before.valuePerShare, '94.30');
  assert.equal(before.applies, true);
  assert.match(before.note, /exceeds FMV × 1\.10 by ₹6\.27/);
  const [after] = tests('RULE_11UA', 'ISSUE_OF_SHARES', '110.00', '2024-04-01');
  assert.equal(after.passes, false);
  assert.equal(after.applies, false);
  assert.match(after.note, /reaches only consideration received before 1 April 2024/);
});

test('Rule 11UA transfer: price ≥ FMV (107.80), below it the s.56(2)(x) / s.50CA consequence', () => {
  expectLine('RULE_11UA', 'TRANSFER_OR_RECEIPT', [
    ['107.79', false, '-0.01'],
    ['107.80', true, '0.00'],
    ['107.81', true, '0.01'],
  ]);
  const [below] = tests('RULE_11UA', 'TRANSFER_OR_RECEIPT', '100.00');
  assert.match(below.note, /s\.56\(2\)\(x\)/);
  assert.match(below.note, /s\.50CA/);
  assert.match(below.note, /₹7\.80 per share below FMV/);
  // Without a purpose both tests are shown.
  assert.deepEqual(
    tests('RULE_11UA', null, '100.00').map((t) => [t.purpose, t.passes]),
    [
      ['ISSUE_OF_SHARES', true],
      ['TRANSFER_OR_RECEIPT', false],
    ],
  );
});

test('IBC carries no price test; the test uses the value after weights and discount', () => {
  const ibc = computeValuation({
    financials: loadFinancials('ibc-shortfall.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31', proposedPricePerShare: '1.00' },
  });
  assert.equal(ibc.compliance, undefined);
  const discounted = computeValuation({
    financials: loadFinancials('sample-company.json'),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: {
      statute: 'FEMA_RBI',
      purpose: 'ISSUE_TO_NON_RESIDENT',
      valuationDate: '2026-03-31',
      proposedPricePerShare: '242.04',
    },
    judgement: {
      methodWeights: { DCF: 100 },
      weightsRationale: 'DCF is the only method FEMA uses here.',
      dlomPercent: 20,
      dlomRationale: 'Minority stake, no exit route within five years.',
    },
  });
  assert.equal(discounted.compliance?.tests[0].linePerShare, '242.04'); // 302.547… × 0.8
  assert.equal(discounted.compliance?.tests[0].passes, true);
});

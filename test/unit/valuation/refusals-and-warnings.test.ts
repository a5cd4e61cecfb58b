import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  ENGINE_VERSION,
  PURPOSES_BY_STATUTE,
  ValuationInputError,
  computeValuation,
  type ValuationInput,
} from '../../../src/domain/valuation/engine.js';
import { loadDocument, loadFinancials, normalised, projectionsFrom } from './helpers.js';

const input = (overrides: Partial<ValuationInput> = {}): ValuationInput => ({
  financials: loadFinancials('sample-company.json'),
  assumptions: { wacc: 12, terminalGrowthRate: 4 },
  engagement: { statute: 'FEMA_RBI', valuationDate: '2026-03-31' },
  ...overrides,
});

function refuses(run: () => unknown, code: string): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ValuationInputError, `expected ValuationInputError, got ${String(error)}`);
    assert.equal(error.code, code);
    assert.ok(error.message.length > 10);
    return true;
  });
}

test('refuses terminal growth equal to or above WACC by itself', () => {
  refuses(
    () => computeValuation(input({ assumptions: { wacc: 12, terminalGrowthRate: 12 } })),
    'GROWTH_NOT_BELOW_WACC',
  );
  refuses(
    () => computeValuation(input({ assumptions: { wacc: '8', terminalGrowthRate: '9.5' } })),
    'GROWTH_NOT_BELOW_WACC',
  );
});

test('refuses a WACC that is zero or not a number', () => {
  refuses(() => computeValuation(input({ assumptions: { wacc: 0, terminalGrowthRate: -1 } })), 'WACC_NOT_POSITIVE');
  refuses(() => computeValuation(input({ assumptions: { wacc: 'twelve', terminalGrowthRate: 4 } })), 'INVALID_RATE');
  refuses(() => computeValuation(input({ assumptions: { wacc: Number.NaN, terminalGrowthRate: 4 } })), 'INVALID_RATE');
});

test('refuses shares outstanding of zero or less', () => {
  const f = loadFinancials('sample-company.json');
  refuses(
    () => computeValuation(input({ financials: { ...f, shares: { ...f.shares, equitySharesOutstanding: '0' } } })),
    'SHARES_NOT_POSITIVE',
  );
  refuses(
    () => computeValuation(input({ financials: { ...f, shares: { ...f.shares, equitySharesOutstanding: '-5' } } })),
    'SHARES_NOT_POSITIVE',
  );
});

test('refuses IBC without liquidation values', () => {
  refuses(
    () => computeValuation(input({ engagement: { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31' } })),
    'MISSING_LIQUIDATION_INPUTS',
  );
});

test('refuses Rule 11UA NAV when paid-up equity capital is zero', () => {
  const f = loadFinancials('sample-company.json');
  const financials = { ...f, balanceSheet: { ...f.balanceSheet, equityShareCapital: '0.00' } };
  refuses(
    () => computeValuation(input({ financials, engagement: { statute: 'RULE_11UA', valuationDate: '2026-03-31' } })),
    'EQUITY_CAPITAL_NOT_POSITIVE',
  );
});

test('refuses a purpose that does not belong to the statute, an unknown statute and a bad date', () => {
  refuses(
    () =>
      computeValuation(
        input({ engagement: { statute: 'RULE_11UA', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2026-03-31' } }),
      ),
    'INVALID_PURPOSE',
  );
  refuses(
    () => computeValuation(input({ engagement: { statute: 'SEBI' as never, valuationDate: '2026-03-31' } })),
    'INVALID_STATUTE',
  );
  refuses(
    () => computeValuation(input({ engagement: { statute: 'FEMA_RBI', valuationDate: '2026-02-30' } })),
    'INVALID_VALUATION_DATE',
  );
});

test('refuses malformed financials with a message instead of a TypeError', () => {
  const f = loadFinancials('sample-company.json') as unknown as Record<string, unknown>;
  const { balanceSheet: _dropped, ...withoutBalanceSheet } = f;
  refuses(() => computeValuation(input({ financials: withoutBalanceSheet as never })), 'INVALID_FINANCIALS');
  refuses(() => computeValuation(input({ financials: undefined as never })), 'INVALID_FINANCIALS');
  refuses(
    () => computeValuation(input({ financials: { ...f, nonOperatingAssets: 12 } as never })),
    'INVALID_FINANCIALS',
  );
});

test('refuses Companies Act weights that do not add up to 100 or weigh absent comparables', () => {
  const engagement = { statute: 'COMPANIES_ACT_SEC_62' as const, valuationDate: '2026-03-31' };
  refuses(() => computeValuation(input({ engagement, options: { weights: { dcf: 70, nav: 20 } } })), 'INVALID_WEIGHTS');
  refuses(
    () => computeValuation(input({ engagement, options: { weights: { dcf: 50, nav: 25, comparables: 25 } } })),
    'INVALID_WEIGHTS',
  );
  refuses(
    () => computeValuation(input({ engagement, options: { weights: { dcf: 120, nav: -20 } } })),
    'INVALID_WEIGHTS',
  );
});

test('refuses an unknown Rule 11UA issue method and malformed weights', () => {
  const engagement = {
    statute: 'RULE_11UA' as const,
    purpose: 'ISSUE_OF_SHARES' as const,
    valuationDate: '2026-03-31',
  };
  refuses(
    () => computeValuation(input({ engagement, options: { rule11uaIssueMethod: 'PWERM' as never } })),
    'INVALID_OPTIONS',
  );
  refuses(
    () =>
      computeValuation(
        input({
          engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
          options: { weights: { dcf: 'half', nav: 50 } },
        }),
      ),
    'INVALID_WEIGHTS',
  );
});

test('result carries the engine version and exports purposes per statute', () => {
  assert.equal(computeValuation(input()).engineVersion, ENGINE_VERSION);
  assert.deepEqual(PURPOSES_BY_STATUTE.RULE_11UA, ['ISSUE_OF_SHARES', 'TRANSFER_OR_RECEIPT']);
  assert.equal(PURPOSES_BY_STATUTE.FEMA_RBI.length, 3);
});

test('warns when terminal growth exceeds the long-run GDP growth (default 10 %, configurable)', () => {
  const high = computeValuation(input({ assumptions: { wacc: 20, terminalGrowthRate: '10.5' } }));
  assert.ok(high.warnings.some((w) => w.code === 'GROWTH_ABOVE_LONG_RUN_GDP'));
  const atLimit = computeValuation(input({ assumptions: { wacc: 20, terminalGrowthRate: 10 } }));
  assert.ok(!atLimit.warnings.some((w) => w.code === 'GROWTH_ABOVE_LONG_RUN_GDP'));
  const custom = computeValuation(input({ options: { longRunGdpGrowth: '3.5' } }));
  assert.ok(custom.warnings.some((w) => w.code === 'GROWTH_ABOVE_LONG_RUN_GDP' && w.message.includes('3.5%')));
});

test('warns when the balance sheet is more than 90 days from the valuation date', () => {
  // 31-03-2026 to 29-06-2026 is 90 days: no warning; to 30-06-2026 is 91 days: warning.
  const at90 = computeValuation(input({ engagement: { statute: 'FEMA_RBI', valuationDate: '2026-06-29' } }));
  assert.ok(!at90.warnings.some((w) => w.code === 'BALANCE_SHEET_DATE_MORE_THAN_90_DAYS_FROM_VALUATION_DATE'));
  const at91 = computeValuation(input({ engagement: { statute: 'FEMA_RBI', valuationDate: '2026-06-30' } }));
  const warning = at91.warnings.find((w) => w.code === 'BALANCE_SHEET_DATE_MORE_THAN_90_DAYS_FROM_VALUATION_DATE');
  assert.ok(warning);
  assert.match(warning.message, /91 days before/);
  const before = computeValuation(
    input({
      engagement: { statute: 'FEMA_RBI', valuationDate: '2025-12-30' },
      financials: projectionsFrom(loadFinancials('sample-company.json'), 'FY2026'),
    }),
  );
  assert.ok(before.warnings.some((w) => w.code === 'BALANCE_SHEET_DATE_MORE_THAN_90_DAYS_FROM_VALUATION_DATE'));
});

test('warns on negative equity under any method', () => {
  const doc = loadDocument('sample-company.json');
  doc.liquidation = {
    assets: [{ assetClass: 'OTHER', bookValue: 1750, fairValue: 700, liquidationValue: 400 }],
    liquidationCosts: 10,
  };
  const result = computeValuation(
    input({ financials: normalised(doc), engagement: { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31' } }),
  );
  // Fair value 700 − 800 = −100 lakhs; liquidation value 400 − 10 − 800 = −410 lakhs: under the
  // s.53 waterfall equity gets nil and the shortfall is the creditors' (never negative equity).
  assert.equal(result.conclusion.fairValue?.equityValue, '0.00');
  assert.equal(result.conclusion.fairValue?.shortfall, '10000000.00');
  assert.equal(result.conclusion.liquidationValue?.valuePerShare, '0.00');
  assert.equal(result.conclusion.liquidationValue?.shortfall, '41000000.00');
  assert.deepEqual(
    result.warnings.filter((w) => w.code === 'NEGATIVE_EQUITY'),
    [],
  );
  assert.deepEqual(result.warnings.filter((w) => w.code === 'CLAIMS_EXCEED_ASSETS').length, 1);

  // DCF with heavy debt: borrowings of 5000 lakhs against an EV of ~3245 lakhs.
  const indebted = loadDocument('sample-company.json');
  indebted.balanceSheet.longTermBorrowings = 5000;
  indebted.balanceSheet.propertyPlantEquipment = 5400;
  const dcf = computeValuation(input({ financials: normalised(indebted) }));
  assert.ok(dcf.warnings.some((w) => w.code === 'NEGATIVE_EQUITY' && w.message.startsWith('Discounted cash flow')));
  // A method's negative equity enters the weighting at nil (docs/valuation-method.md, Negative equity of a method).
  assert.ok(!dcf.conclusion.valuePerShare?.startsWith('-'), dcf.conclusion.valuePerShare ?? '');
  assert.match(
    dcf.conclusion.basis,
    /Discounted cash flow \(₹-[\d.]+ a share\) gives a negative equity value; .* at nil/,
  );
});

test('warns when share count × face value differs from equity share capital', () => {
  const doc = loadDocument('sample-company.json');
  doc.shares.equitySharesOutstanding = 900000;
  const result = computeValuation(input({ financials: normalised(doc) }));
  assert.ok(result.warnings.some((w) => w.code === 'SHARE_CAPITAL_MISMATCH'));
});

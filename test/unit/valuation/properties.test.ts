import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import type { NormalisedFinancials } from '../../../src/domain/financials/normalise.js';
import { computeDcf } from '../../../src/domain/valuation/dcf.js';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { dec } from '../../../src/domain/valuation/money.js';
import { loadFinancials } from './helpers.js';

const base = loadFinancials('sample-company.json');

/** A year whose FCFF is positive for any tax rate up to 60 %: capex + ΔNWC < 0.4 × EBIT + D&A. */
const positiveYear = fc
  .record({
    ebitda: fc.integer({ min: 1_000, max: 1_000_000_000 }),
    daShare: fc.double({ min: 0, max: 1, noNaN: true }),
    outflowShare: fc.double({ min: 0, max: 0.9, noNaN: true }),
    capexShare: fc.double({ min: 0, max: 1, noNaN: true }),
    taxRate: fc.integer({ min: 0, max: 60_000 }).map((x) => (x / 1000).toString()),
  })
  .map(({ ebitda, daShare, outflowShare, capexShare, taxRate }) => {
    const da = Math.floor(ebitda * daShare);
    const room = Math.floor((0.4 * (ebitda - da) + da) * outflowShare);
    const capex = Math.floor(room * capexShare);
    return {
      revenue: String(ebitda * 3),
      ebitda: String(ebitda),
      depreciationAndAmortisation: String(da),
      capitalExpenditure: String(capex),
      changeInNetWorkingCapital: String(room - capex),
      taxRate,
    };
  });

const projections = fc
  .array(positiveYear, { minLength: 3, maxLength: 10 })
  .map((years) => years.map((y, i) => ({ year: `FY${2027 + i}`, ...y })));

const amount = fc.integer({ min: 0, max: 10_000_000_000 }).map((paise) => (paise / 100).toFixed(2));

const financials = fc
  .record({
    projections,
    longTermBorrowings: amount,
    shortTermBorrowings: amount,
    preferenceShareCapital: amount,
    cashAndCashEquivalents: amount,
    currentInvestments: amount,
    nonOperatingAssets: amount,
    shares: fc.integer({ min: 1, max: 100_000_000 }),
  })
  .map((r): NormalisedFinancials => ({
    ...base,
    projections: r.projections,
    nonOperatingAssets: r.nonOperatingAssets,
    shares: { ...base.shares, equitySharesOutstanding: String(r.shares) },
    balanceSheet: {
      ...base.balanceSheet,
      longTermBorrowings: r.longTermBorrowings,
      shortTermBorrowings: r.shortTermBorrowings,
      preferenceShareCapital: r.preferenceShareCapital,
      cashAndCashEquivalents: r.cashAndCashEquivalents,
      currentInvestments: r.currentInvestments,
    },
  }));

/** Rates in hundredths of a percent, so "12.34" style values. */
const rate = (min: number, max: number) => fc.integer({ min, max }).map((x) => dec(x).div(100));

test('value per share falls strictly as WACC rises (positive cash flows, g < WACC)', () => {
  fc.assert(
    fc.property(financials, rate(0, 1500), rate(1, 2000), rate(1, 2000), fc.boolean(), (f, g, gap, step, midYear) => {
      const low = g.plus(gap);
      const high = low.plus(step);
      const atLow = computeDcf(f, { wacc: low, growth: g, midYear }).valuePerShare;
      const atHigh = computeDcf(f, { wacc: high, growth: g, midYear }).valuePerShare;
      assert.ok(atHigh.lt(atLow), `${atHigh} at ${high}% should be below ${atLow} at ${low}%`);
    }),
    { numRuns: 150 },
  );
});

test('value per share rises strictly as terminal growth rises (g < WACC)', () => {
  fc.assert(
    fc.property(
      financials,
      rate(1, 5000),
      fc.boolean(),
      fc.integer({ min: 1, max: 999 }),
      fc.integer({ min: 1, max: 999 }),
      (f, wacc, midYear, a, b) => {
        fc.pre(a !== b);
        // Two growth rates strictly inside [0, wacc).
        const [g1, g2] = [Math.min(a, b), Math.max(a, b)].map((k) => wacc.times(k).div(1000));
        const lower = computeDcf(f, { wacc, growth: g1, midYear }).valuePerShare;
        const higher = computeDcf(f, { wacc, growth: g2, midYear }).valuePerShare;
        assert.ok(higher.gt(lower), `${higher} at g ${g2} should exceed ${lower} at g ${g1}`);
      },
    ),
    { numRuns: 150 },
  );
});

test('equity = EV − debt − preference capital + cash + current investments + non-operating assets, exactly', () => {
  fc.assert(
    fc.property(financials, rate(0, 1000), rate(1, 3000), (f, g, gap) => {
      const c = computeDcf(f, { wacc: g.plus(gap), growth: g, midYear: false });
      const bs = f.balanceSheet;
      const expected = c.enterpriseValue
        .minus(bs.longTermBorrowings)
        .minus(bs.shortTermBorrowings)
        .minus(bs.preferenceShareCapital)
        .plus(bs.cashAndCashEquivalents)
        .plus(bs.currentInvestments)
        .plus(f.nonOperatingAssets);
      assert.ok(c.equityValue.eq(expected));
      assert.ok(c.valuePerShare.eq(expected.div(f.shares.equitySharesOutstanding)));
      assert.ok(c.enterpriseValue.eq(c.sumOfPresentValues.plus(c.presentValueOfTerminalValue)));
    }),
    { numRuns: 100 },
  );
});

test("the sensitivity grid's centre equals the headline DCF value per share", () => {
  fc.assert(
    fc.property(financials, rate(0, 1500), rate(1, 2000), fc.boolean(), (f, g, gap, midYear) => {
      const result = computeValuation({
        financials: f,
        assumptions: { wacc: g.plus(gap).toFixed(), terminalGrowthRate: g.toFixed() },
        engagement: { statute: 'FEMA_RBI', valuationDate: '2026-04-30' },
        options: { midYear },
      });
      const dcf = result.methods.find((m) => m.method === 'DCF');
      assert.equal(result.sensitivity?.grid[2][2], dcf?.valuePerShare);
      assert.equal(result.sensitivity?.waccValues[2], g.plus(gap).toFixed());
      assert.equal(result.sensitivity?.growthValues[2], g.toFixed());
      // Every cell with g ≥ WACC is empty, every other cell has a value.
      result.sensitivity?.grid.forEach((row, i) =>
        row.forEach((cell, j) => {
          const w = dec(result.sensitivity!.waccValues[i]);
          const gr = dec(result.sensitivity!.growthValues[j]);
          assert.equal(cell === null, gr.gte(w) || w.lte(0));
        }),
      );
    }),
    { numRuns: 60 },
  );
});

test('re-running gives identical output and carries the engine version', () => {
  fc.assert(
    fc.property(
      financials,
      fc.constantFrom('RULE_11UA', 'FEMA_RBI', 'COMPANIES_ACT_SEC_62') as fc.Arbitrary<
        'RULE_11UA' | 'FEMA_RBI' | 'COMPANIES_ACT_SEC_62'
      >,
      (f, statute) => {
        const input = {
          financials: f,
          assumptions: { wacc: '12.5', terminalGrowthRate: '4' },
          engagement: { statute, valuationDate: '2026-04-30' },
        };
        const first = computeValuation(input);
        const second = computeValuation(structuredClone(input));
        assert.deepEqual(second, first);
        assert.deepEqual(JSON.parse(JSON.stringify(first)), first); // JSON-serialisable as is
        assert.match(first.engineVersion, /^\d+\.\d+\.\d+$/);
      },
    ),
    { numRuns: 30 },
  );
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { parseFinancials, type FinancialsError } from '../../../src/domain/financials/normalise.js';
import { financialsDocumentSchema } from '../../../src/domain/financials/schema.js';

const fixture = (name: string): Record<string, any> =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../fixtures/financials/${name}`, import.meta.url)), 'utf8'));

function errorsOf(document: unknown): FinancialsError[] {
  const result = parseFinancials(document);
  assert.equal(result.ok, false, 'expected the document to be rejected');
  return result.ok ? [] : result.errors;
}

function parsed(document: unknown) {
  const result = parseFinancials(document);
  if (!result.ok) assert.fail(JSON.stringify(result.errors));
  return result.financials;
}

test('every fixture document parses', () => {
  for (const name of [
    'sample-company.json',
    'small-company-rupees.json',
    'startup-negative-fcff.json',
    'ten-year-company.json',
  ]) {
    assert.equal(parseFinancials(fixture(name)).ok, true, name);
    assert.equal(financialsDocumentSchema.safeParse(fixture(name)).success, true, name);
  }
});

test('a bad cell is reported at its JSON Pointer', () => {
  const doc = fixture('sample-company.json');
  doc.projections[2].revenue = 'n/a';
  assert.deepEqual(errorsOf(doc), [{ path: '/projections/2/revenue', message: 'not a number' }]);
});

test('amounts with more than 2 decimals, missing and unknown fields are reported precisely', () => {
  const doc = fixture('sample-company.json');
  doc.balanceSheet.inventories = 260.125;
  doc.projections[0].ebitda = 1e-7;
  delete doc.shares.faceValuePerShare;
  doc.balanceSheet.goodwil = 5;
  assert.deepEqual(
    errorsOf(doc).sort((a, b) => a.path.localeCompare(b.path)),
    [
      { path: '/balanceSheet/goodwil', message: 'unknown field' },
      { path: '/balanceSheet/inventories', message: 'must have at most 2 decimal places' },
      { path: '/projections/0/ebitda', message: 'must have at most 2 decimal places' },
      { path: '/shares/faceValuePerShare', message: 'is required' },
    ],
  );
});

test('JSON Pointer escapes "/" and "~" in unknown keys', () => {
  const doc = fixture('sample-company.json');
  doc['a/b~c'] = 1;
  assert.deepEqual(errorsOf(doc), [{ path: '/a~1b~0c', message: 'unknown field' }]);
});

test('an unbalanced balance sheet is rejected, naming the difference in rupees and the larger side', () => {
  const doc = fixture('sample-company.json');
  doc.balanceSheet.tradePayables = 212.5; // equity and liabilities now 1752.5 lakhs vs assets 1750
  const errors = errorsOf(doc);
  assert.equal(errors.length, 1);
  assert.equal(errors[0].path, '/balanceSheet');
  assert.equal(
    errors[0].message,
    'does not balance: equity and liabilities (₹17,52,50,000.00) exceed total assets (₹17,50,00,000.00) by ₹2,50,000.00',
  );

  const assetsHeavy = fixture('small-company-rupees.json');
  assetsHeavy.balanceSheet.otherCurrentAssets = 10001.5;
  assert.match(errorsOf(assetsHeavy)[0].message, /total assets \(₹10,00,001\.50\) exceed .* by ₹1\.50$/);
});

test('a difference below one rupee is tolerated ("to the rupee")', () => {
  const doc = fixture('small-company-rupees.json');
  doc.balanceSheet.otherCurrentAssets = 10000.99;
  assert.equal(parseFinancials(doc).ok, true);
});

test('amounts are multiplied by the unit into rupees as decimal strings', () => {
  const lakhs = parsed(fixture('sample-company.json'));
  assert.equal(lakhs.sourceUnit, 'LAKHS');
  assert.equal(lakhs.balanceSheet.reservesAndSurplus, '85000000.00'); // 850 × 1,00,000
  assert.equal(lakhs.projections[0].ebitda, '42000000.00');
  assert.equal(lakhs.navAdjustments.immovablePropertyStampDutyValue, '52000000.00');
  // Not amounts: never multiplied.
  assert.equal(lakhs.shares.equitySharesOutstanding, '1000000');
  assert.equal(lakhs.shares.faceValuePerShare, '10');
  assert.equal(lakhs.projections[0].taxRate, '25.168');

  const crores = parsed(fixture('ten-year-company.json'));
  assert.equal(crores.balanceSheet.reservesAndSurplus, '1753700000.00'); // 175.37 × 1,00,00,000
  assert.equal(crores.nonOperatingAssets, '72500000.00');

  const thousands = parsed(fixture('startup-negative-fcff.json'));
  assert.equal(thousands.balanceSheet.reservesAndSurplus, '-120500.00'); // −120.5 × 1,000
  assert.equal(thousands.balanceSheet.otherCurrentLiabilities, '40250.00');

  const rupees = parsed(fixture('small-company-rupees.json')); // unit omitted: RUPEES
  assert.equal(rupees.sourceUnit, 'RUPEES');
  assert.equal(rupees.projections[0].ebitda, '300000.50');
  assert.equal(rupees.projections[0].changeInNetWorkingCapital, '20000.25');
});

test('0.1 + 0.2 style amounts stay exact after multiplication', () => {
  const doc = fixture('small-company-rupees.json');
  doc.unit = 'THOUSANDS';
  for (const [k, v] of Object.entries(doc.balanceSheet)) doc.balanceSheet[k] = (v as number) / 1000;
  doc.balanceSheet.cashAndCashEquivalents = 79.9;
  doc.balanceSheet.otherCurrentAssets = 10.1;
  const f = parsed(doc);
  assert.equal(f.balanceSheet.cashAndCashEquivalents, '79900.00');
  assert.equal(f.balanceSheet.otherCurrentAssets, '10100.00');
});

test('omitted navAdjustments are all zero', () => {
  const f = parsed(fixture('small-company-rupees.json'));
  assert.ok(Object.values(f.navAdjustments).every((v) => v === '0.00'));
  assert.equal(Object.keys(f.navAdjustments).length, 12);
  assert.equal(f.nonOperatingAssets, '0.00');
  assert.deepEqual(f.peers, []);
});

test('non-consecutive projection years are rejected', () => {
  const doc = fixture('sample-company.json');
  doc.projections[3].year = 'FY2031';
  doc.projections[4].year = 'FY2032';
  assert.deepEqual(errorsOf(doc), [
    { path: '/projections/3/year', message: 'must be FY2030 (projection years must be consecutive, following FY2029)' },
    { path: '/projections/4/year', message: 'must be FY2031 (projection years must be consecutive, following FY2031)' },
  ]);
});

test('projections start with the fiscal year holding the day after the balance sheet, or the next one', () => {
  const doc = fixture('sample-company.json'); // FY2027–FY2031
  doc.balanceSheetDate = '2026-09-30'; // inside FY2027: the projections may start with FY2027 (a stub) or FY2028
  assert.equal(parseFinancials(doc).ok, true);
  doc.balanceSheetDate = '2027-03-31'; // the end of FY2027: FY2028 only
  assert.deepEqual(errorsOf(doc)[0], {
    path: '/projections/0/year',
    message: 'must be FY2028 (the fiscal year after the balance sheet date 2027-03-31)',
  });
  doc.balanceSheetDate = '2025-12-31'; // inside FY2026: FY2026 or FY2027
  doc.projections.forEach((p: { year: string }, i: number) => {
    p.year = `FY${2025 + i}`;
  });
  assert.deepEqual(errorsOf(doc)[0], {
    path: '/projections/0/year',
    message:
      'must be FY2027 (the fiscal year holding the day after the balance sheet date 2025-12-31 (FY2026), or the next (FY2027))',
  });
});

test('between 3 and 10 projection years', () => {
  const short = fixture('sample-company.json');
  short.projections = short.projections.slice(0, 2);
  assert.deepEqual(errorsOf(short), [{ path: '/projections', message: 'must have at least 3 projection years' }]);
  const long = fixture('ten-year-company.json');
  long.projections.push({ ...long.projections[9], year: 'FY2037' });
  assert.deepEqual(errorsOf(long), [{ path: '/projections', message: 'must have at most 10 projection years' }]);
});

test('dates, units and signs are checked', () => {
  const doc = fixture('sample-company.json');
  doc.balanceSheetDate = '2026-02-30';
  doc.unit = 'MILLIONS';
  doc.balanceSheet.propertyPlantEquipment = -700;
  doc.projections[1].taxRate = 125;
  const byPath = Object.fromEntries(errorsOf(doc).map((e) => [e.path, e.message]));
  assert.equal(byPath['/balanceSheetDate'], 'must be a valid date YYYY-MM-DD');
  assert.equal(byPath['/unit'], 'must be one of RUPEES, THOUSANDS, LAKHS, CRORES');
  assert.equal(byPath['/balanceSheet/propertyPlantEquipment'], 'must not be negative');
  assert.equal(byPath['/projections/1/taxRate'], 'must be a percentage between 0 and 100');
});

test('Rule 11UA adjustments larger than the balance-sheet totals are rejected', () => {
  const doc = fixture('sample-company.json');
  doc.navAdjustments.unascertainedLiabilityProvisions = 900; // liabilities other than shareholders' funds are 800 lakhs
  const errors = errorsOf(doc);
  assert.equal(errors[0].path, '/navAdjustments');
  assert.match(errors[0].message, /exceed liabilities other than shareholders' funds \(₹8,00,00,000\.00\)/);
});

test('peers, comparable metrics and liquidation inputs parse and convert', () => {
  const doc = fixture('sample-company.json');
  doc.peers = [{ name: 'Alpha Ltd', evToEbitda: 10.25, peRatio: 18 }];
  doc.comparableMetrics = { profitAfterTax: 150.5 };
  doc.liquidation = {
    assets: [
      {
        assetClass: 'LAND_AND_BUILDING',
        description: 'Pune factory',
        bookValue: 400,
        fairValue: 520,
        liquidationValue: 390,
      },
    ],
    liquidationCosts: 12.34,
  };
  const f = parsed(doc);
  assert.deepEqual(f.peers, [{ name: 'Alpha Ltd', evToEbitda: '10.25', peRatio: '18' }]);
  assert.deepEqual(f.comparableMetrics, { profitAfterTax: '15050000.00' });
  assert.deepEqual(f.liquidation, {
    assets: [
      {
        assetClass: 'LAND_AND_BUILDING',
        description: 'Pune factory',
        bookValue: '40000000.00',
        fairValue: '52000000.00',
        liquidationValue: '39000000.00',
      },
    ],
    liquidationCosts: '1234000.00',
  });

  doc.liquidation.assets[0].assetClass = 'GOLD';
  // A loss-making peer's negative multiple is accepted: the engine leaves it out and says why.
  doc.peers[0].evToEbitda = -3;
  doc.peers[0].peRatio = 'high';
  const byPath = Object.fromEntries(errorsOf(doc).map((e) => [e.path, e.message]));
  assert.match(byPath['/liquidation/assets/0/assetClass'], /^must be one of LAND_AND_BUILDING/);
  assert.equal(byPath['/peers/0/evToEbitda'], undefined);
  assert.ok(byPath['/peers/0/peRatio'], 'a multiple must be a number');
});

test('a non-object document is rejected at the root', () => {
  for (const bad of [null, 42, 'text', []]) {
    const errors = errorsOf(bad);
    assert.equal(errors[0].path, '');
  }
});

test('missing sections are "is required"; wrong types say what was expected', () => {
  const errors = errorsOf({ unit: 'LAKHS', shares: [], projections: {} });
  assert.deepEqual(errors, [
    { path: '/balanceSheetDate', message: 'is required' },
    { path: '/shares', message: 'must be an object' },
    { path: '/balanceSheet', message: 'is required' },
    { path: '/projections', message: 'must be an array' },
  ]);
});

test('the schema converts to JSON Schema for the OpenAPI document, rejecting unknown keys', async () => {
  const { z } = await import('zod');
  const schema = z.toJSONSchema(financialsDocumentSchema, { io: 'input' }) as Record<string, any>;
  assert.equal(schema.additionalProperties, false);
  // Projections are optional: NAV and IBC need none (statute readiness asks for them where a DCF does).
  assert.deepEqual(schema.required, ['balanceSheetDate', 'shares', 'balanceSheet']);
  assert.equal(schema.properties.projections.minItems, 3);
  assert.equal(schema.properties.projections.maxItems, 10);
});

test('a liquidation asset needs either concluded values or 2–3 valuer estimates, not both', () => {
  const doc = fixture('sample-company.json');
  doc.liquidation = {
    assets: [
      { assetClass: 'OTHER', bookValue: 1 },
      {
        assetClass: 'OTHER',
        bookValue: 1,
        fairValue: 1,
        liquidationValue: 1,
        estimates: [
          { valuer: 'A', fairValue: 1, liquidationValue: 1 },
          { valuer: 'B', fairValue: 1, liquidationValue: 1 },
        ],
      },
      { assetClass: 'OTHER', bookValue: 1, estimates: [{ valuer: 'A', fairValue: 1, liquidationValue: 1 }] },
    ],
  };
  // Each row's own faults, then what the rows lack given the rest of the document (an asset register may value a class).
  assert.deepEqual(errorsOf(doc), [
    {
      path: '/liquidation/assets/1/estimates',
      message: 'give either estimates or fairValue and liquidationValue, not both',
    },
    { path: '/liquidation/assets/2/estimates', message: "must list at least 2 valuers' estimates" },
    { path: '/liquidation/assets/0/fairValue', message: 'is required (or give estimates)' },
    { path: '/liquidation/assets/0/liquidationValue', message: 'is required (or give estimates)' },
  ]);
});

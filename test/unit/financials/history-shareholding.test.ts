// History and the capital table in the financials document (docs/decisions.md, The financials document):
// validated per row and cell, carried through CSV and XLSX alike, normalised to rupees for the report.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseFinancials } from '../../../src/domain/financials/normalise.js';
import { readCsv, readXlsx, writeCsv, writeXlsx } from '../../../src/integrations/spreadsheets/financials-files.js';
import { cellKey, gridToDocument } from '../../../src/integrations/spreadsheets/financials-grid.js';

const example = () =>
  JSON.parse(
    readFileSync(new URL('../../../src/features/engagements/assets/financials-example.json', import.meta.url), 'utf8'),
  );

test("the example's three historical years and four holders are accepted and normalised to rupees", () => {
  const result = parseFinancials(example());
  assert.ok(result.ok);
  assert.deepEqual(
    result.financials.history?.map((y) => y.year),
    ['FY2024', 'FY2025', 'FY2026'],
  );
  assert.equal(result.financials.history?.[2].revenue, '220000000.00', '2,200 lakh');
  assert.deepEqual(result.financials.shareholding?.[3], {
    holder: 'Employee stock option pool',
    instrument: 'ESOP',
    number: '40000',
    faceValue: '10',
  });
});

test("history must end with the balance sheet's year, consecutively; equity lines must add up; bad cells are named", () => {
  const doc = example();
  doc.history[0].year = 'FY2023';
  doc.history[1].revenue = -5;
  doc.shareholding[0].number = 500_000;
  doc.shareholding[1].instrument = 'BONDS';
  const result = parseFinancials(doc);
  assert.equal(result.ok, false);
  const paths = result.ok ? [] : result.errors.map((e) => `${e.path}: ${e.message}`);
  assert.ok(
    paths.some((p) => p.startsWith('/history/1/revenue: must not be negative')),
    paths.join('\n'),
  );
  assert.ok(
    paths.some((p) =>
      p.startsWith('/shareholding/1/instrument: must be one of EQUITY, PREFERENCE, CCPS, CCD, ESOP, WARRANT'),
    ),
    paths.join('\n'),
  );
  const fixed = example();
  fixed.history[0].year = 'FY2023';
  fixed.shareholding[0].number = 500_000;
  const again = parseFinancials(fixed);
  const messages = again.ok ? [] : again.errors.map((e) => `${e.path}: ${e.message}`);
  assert.ok(
    messages.includes(
      '/history/0/year: must be FY2024 (consecutive years, oldest first, ending with the year of the balance sheet date 2026-03-31)',
    ),
    messages.join('\n'),
  );
  assert.ok(
    messages.includes(
      '/shareholding: the EQUITY lines add up to 900000 shares, but shares.equitySharesOutstanding is 1000000',
    ),
    messages.join('\n'),
  );
  const one = example();
  one.history = one.history.slice(2);
  assert.ok(!parseFinancials(one).ok, 'one year is too few');
});

test('CSV and XLSX carry history and the capital table as list tables, cell for cell', async () => {
  const doc = example();
  for (const grid of [readCsv(writeCsv(doc)), await readXlsx(await writeXlsx(doc))]) {
    const parsed = gridToDocument(grid);
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(parsed.document?.history, doc.history);
    assert.deepEqual(parsed.document?.shareholding, doc.shareholding);
  }
  const csv = writeCsv(doc).toString('utf8');
  // Each header cell: the valuer's label, the key on its second line.
  const history = readCsv(csv).find((row) => cellKey(row[0]) === 'history');
  assert.deepEqual(history?.map(cellKey), [
    'history',
    'year',
    'revenue',
    'ebitda',
    'depreciationAndAmortisation',
    'financeCost',
    'profitBeforeTax',
    'profitAfterTax',
    'netWorth',
    'totalBorrowings',
  ]);
  assert.match(
    csv,
    /\r\n"Financial history\nhistory","Year\nyear","Revenue from operations\nrevenue","EBITDA\nebitda",/,
  );
  // Column A of a holder's row empty, the instrument in words; conversionRatio, exercisePrice, presentedIn and
  // termsSource empty.
  assert.match(csv, /\r\n,Rahul Kulkarni \(promoter\),Equity shares,600000,10,,,,\r\n/);
});

test('an interim balance sheet may follow the last full year; a 31 March one ends the history with its own year', () => {
  const interim = example();
  interim.balanceSheetDate = '2026-10-31';
  interim.projections = interim.projections?.map((p: { year: string }, i: number) => ({ ...p, year: `FY${2027 + i}` }));
  const years = (doc: ReturnType<typeof example>) => {
    const r = parseFinancials(doc);
    return r.ok ? 'ok' : r.errors.filter((e) => e.path.startsWith('/history')).map((e) => `${e.path}: ${e.message}`);
  };
  // FY2024–FY2026, the audited years before the balance sheet of 31 October 2026 (inside FY2027).
  assert.equal(years(interim), 'ok');
  // FY2025–FY2027 also: the last row is the year of the balance sheet date.
  const withYear = example();
  withYear.balanceSheetDate = '2026-10-31';
  withYear.projections = interim.projections;
  withYear.history = withYear.history.map((h: { year: string }, i: number) => ({ ...h, year: `FY${2025 + i}` }));
  assert.equal(years(withYear), 'ok');
  // Two years before it is a gap.
  const gap = example();
  gap.balanceSheetDate = '2026-10-31';
  gap.projections = interim.projections;
  gap.history = gap.history.map((h: { year: string }, i: number) => ({ ...h, year: `FY${2023 + i}` }));
  assert.deepEqual(
    years(gap)[0],
    '/history/0/year: must be FY2025 (consecutive years, oldest first, ending with the year of the balance sheet date 2026-10-31 or the full year before it)',
  );
});

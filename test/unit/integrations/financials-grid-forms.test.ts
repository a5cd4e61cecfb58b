// Choices in words and dates as people write them, read back to the financials document's codes and ISO dates
// (docs/financials-template.md, How the reader takes a file).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gridToDocument, type Grid } from '../../../src/integrations/spreadsheets/financials-grid.js';
import { readCsv, writeCsv } from '../../../src/integrations/spreadsheets/financials-files.js';
import { readChoice, readDate, readYear } from '../../../src/integrations/spreadsheets/financials-grid-forms.js';

describe('financials template forms', () => {
  it('a choice is read from its words or its code, in any case and spacing', () => {
    for (const written of ['Land and building', 'land  and BUILDING ', 'LAND_AND_BUILDING', 'land_and_building'])
      assert.equal(readChoice('assetClass', written), 'LAND_AND_BUILDING', written);
    assert.equal(readChoice('unit', 'Lakhs'), 'LAKHS');
    assert.equal(readChoice('instrument', 'Employee stock options'), 'ESOP');
    assert.equal(readChoice('basis', "Forward (next year's forecast)"), 'FORWARD');
    assert.equal(readChoice('assetClass', 'Goodwill'), undefined);
  });

  it('a date is read from a date cell, a day number, ISO, or as written in India (day first)', () => {
    for (const written of ['2026-03-31', '31 Mar 2026', '31-Mar-2026', '31 March 2026', '31/03/2026', '31.03.2026'])
      assert.equal(readDate(written), '2026-03-31', written);
    assert.equal(readDate(46112), '2026-03-31', 'the spreadsheet day number of 31 Mar 2026');
    assert.equal(readDate('1 Apr 2026'), '2026-04-01');
    for (const bad of ['March 2026', '31 Foo 2026', '2026/03/31', '', 'soon'])
      assert.equal(readDate(bad), undefined, bad);
    assert.equal(readDate(46112.5), undefined, 'a day number is whole');
  });

  it('a year typed as a number reads as the fiscal year', () => {
    assert.equal(readYear(2027), 'FY2027');
    assert.equal(readYear(' FY2027 '), 'FY2027');
  });

  it('a grid in words, with text dates and no marker words, reads to codes and ISO dates; an unknown word is named', () => {
    const grid: Grid = [
      ['Field', 'Value'],
      ['The company: the unit every amount is in.'],
      ['unit', 'Crores'],
      ['balanceSheetDate', '31 Mar 2026'],
      [],
      ['Shareholding: one row per holder.'],
      ['shareholding', 'holder', 'instrument', 'number', 'faceValue', 'presentedIn'],
      [null, 'Promoter', 'Equity shares', 900, 10],
      [],
      [null, 'Lender', 'compulsorily convertible debentures', 100, 10, 'Borrowings'],
      [],
      ['liquidation.assets', 'assetClass', 'bookValue', 'verifiedOn'],
      [null, 'Goodwill', 5, '03/04/2026'],
      ['nonOperatingAssets', 0],
    ];
    const r = gridToDocument(readCsv(writeCsv(grid)));
    assert.deepEqual(
      r.errors.map((e) => e.text),
      [
        'row 13, column assetClass: must be one of Land and building, Plant and machinery, Securities or financial assets, Inventories, Trade receivables, Cash and bank balances, Other assets',
      ],
    );
    assert.deepEqual(r.read, {
      unit: 'CRORES',
      balanceSheetDate: '2026-03-31',
      shareholding: [
        { holder: 'Promoter', instrument: 'EQUITY', number: 900, faceValue: 10 },
        { holder: 'Lender', instrument: 'CCD', number: 100, faceValue: 10, presentedIn: 'BORROWINGS' },
      ],
      liquidation: { assets: [{ bookValue: 5, verifiedOn: '2026-04-03' }] },
      nonOperatingAssets: 0,
    });
  });
});

/**
 * The reconciliation of an IBC valuation (docs/asset-registers.md, Reconciliation) on
 * test/fixtures/financials/ibc-registers.json (LAKHS): total assets 1,750 = valued 1,660 + excluded 90.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { reconcileAssets, unaccountedAssets } from '../../../src/domain/valuation/reconciliation.js';
import { loadDocument, normalised } from './helpers.js';

const LAKH = 100000;
const rupees = (lakhs: number) => (lakhs * LAKH).toFixed(2);

test('every line valued or excluded, and the books equal: nothing to refuse', () => {
  const r = reconcileAssets(normalised(loadDocument('ibc-registers.json')));
  assert.deepEqual(r.problems, []);
  // Excluded: intangibles 50 + long-term advances 30 + other non-current 10 = 90; valued 1,750 − 90 = 1,660.
  assert.equal(r.excludedBook.toFixed(2), rupees(90));
  assert.equal(r.valuedBook.toFixed(2), rupees(1660));
  assert.equal(r.totalAssets.toFixed(2), rupees(1750));
  // Property, plant and equipment (700) is valued in two classes by its nature: 450 + 250.
  const ppe = r.groups.find((g) => g.items.includes('propertyPlantEquipment'))!;
  assert.deepEqual(ppe.classes, ['LAND_AND_BUILDING', 'PLANT_AND_MACHINERY']);
  assert.equal(ppe.difference.toFixed(2), '0.00');
  const line = r.lines.find((l) => l.item === 'shortTermLoansAndAdvances')!;
  assert.deepEqual([line.status, line.classes, line.stated], ['VALUED', ['OTHER'], true]);
});

test('a line neither valued nor excluded is named', () => {
  const doc = loadDocument('ibc-registers.json');
  doc.liquidation.reconciliation = doc.liquidation.reconciliation.filter(
    (r: { item: string }) => r.item !== 'intangibleAssets',
  );
  const problems = unaccountedAssets(normalised(doc));
  assert.deepEqual(
    problems.map((p) => p.path),
    ['/balanceSheet/intangibleAssets'],
  );
  assert.match(problems[0].message, /Intangible assets \(₹50,00,000\.00 on the balance sheet\) is neither valued/);
});

test('a class whose book value falls short of the lines it values: the part not valued is named', () => {
  const doc = loadDocument('ibc-registers.json');
  // The other assets class values 100 of the 110 lakhs of the two lines it is given.
  doc.liquidation.assets[6].bookValue = 100;
  const problems = unaccountedAssets(normalised(doc));
  assert.deepEqual(
    problems.map((p) => p.path),
    ['/balanceSheet/shortTermLoansAndAdvances'],
  );
  assert.match(
    problems[0].message,
    /differs from Short-term loans and advances, Other current assets .* by ₹10,00,000\.00/,
  );
});

test('earlier financials without registers or a reconciliation: lines by their nature, the class of other assets last', () => {
  const doc = loadDocument('ibc-shortfall.json');
  const r = reconcileAssets(normalised(doc));
  assert.deepEqual(r.problems, []);
  assert.equal(r.booksChecked, false);
  assert.deepEqual(r.lines.find((l) => l.item === 'inventories')!.classes, ['OTHER']);
  delete doc.liquidation.assets[1];
  doc.liquidation.assets = doc.liquidation.assets.filter(Boolean);
  assert.ok(unaccountedAssets(normalised(doc)).some((p) => p.path === '/balanceSheet/inventories'));
});

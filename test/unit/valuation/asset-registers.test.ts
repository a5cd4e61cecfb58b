/**
 * The IBC asset registers valued row by row (docs/asset-registers.md), on test/fixtures/financials/ibc-registers.json
 * (LAKHS: an amount of 1 lakh is ₹1,00,000; rates, areas and percentages are as written). Each figure is worked out
 * here by hand, in exact arithmetic, and the service's must equal it to the paisa.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFinancials } from '../../../src/domain/financials/normalise.js';
import { depreciationFactor, valueRegisters } from '../../../src/domain/valuation/asset-registers.js';
import { dec, toPaise } from '../../../src/domain/valuation/money.js';
import { loadDocument, normalised } from './helpers.js';

const f = normalised(loadDocument('ibc-registers.json'));
const v = valueRegisters(f.liquidation!.registers!, f.balanceSheetDate);
const paise = (d: { toFixed: (n: number) => string } | undefined) =>
  d === undefined ? undefined : toPaise(dec(d.toFixed(20)));

test('land: rate = price ÷ area, adjustments added and applied once, adopted rate = their mean, fair value = area × rate', () => {
  const [l1] = v.land;
  // Sale 1: ₹1,80,00,000 ÷ 3,000 = 6,000; +5 % size +3 % time = +8 % → 6,480.
  // Sale 2: ₹2,75,00,000 ÷ 5,000 = 5,500; +10 −2 +5 = +13 % → 6,215.
  // Sale 3: ₹2,22,61,000 ÷ 4,200 = 5,300.238095…; +12 +1 = +13 % → 5,989.269047619047…
  assert.deepEqual(
    l1.comparables.map((c) => [c.rate.toFixed(6), c.netAdjustment.toFixed(), c.adjustedRate.toFixed(6)]),
    [
      ['6000.000000', '8', '6480.000000'],
      ['5500.000000', '13', '6215.000000'],
      ['5300.238095', '13', '5989.269048'],
    ],
  );
  // Mean = (6,480 + 6,215 + 5,989.269047619…) ÷ 3 = 18,684.269047619… ÷ 3 = 6,228.089682539…
  assert.equal(l1.rateRule, 'MEAN');
  assert.equal(l1.adoptedRate.toFixed(6), '6228.089683');
  // 4,050 × 6,228.0896825396… = 2,52,23,763.2142857… → ₹2,52,23,763.21; at 30 % off: × 0.70 = 1,76,56,634.247 → .25.
  assert.equal(paise(l1.fairValue), '25223763.21');
  assert.equal(paise(l1.liquidationValue), '17656634.25');
  assert.equal(paise(l1.bookValue), '25000000.00');
});

test('a stated land rate replaces the mean, with its reason', () => {
  const doc = loadDocument('ibc-registers.json');
  doc.liquidation.registers.land[0].adoptedRate = 6100.5;
  doc.liquidation.registers.land[0].rateReason = 'Sale 3 is the nearest in size and date; it is given most weight';
  const stated = valueRegisters(normalised(doc).liquidation!.registers!, '2026-03-31').land[0];
  assert.equal(stated.rateRule, 'STATED');
  // 4,050 × 6,100.50 = 2,47,07,025.00
  assert.equal(paise(stated.fairValue), '24707025.00');
  const noReason = loadDocument('ibc-registers.json');
  noReason.liquidation.registers.land[0].adoptedRate = 6100.5;
  const parsed = parseFinancials(noReason);
  assert.equal(parsed.ok, false);
  assert.deepEqual(!parsed.ok && parsed.errors.map((e) => e.path), ['/liquidation/registers/land/0/rateReason']);
});

test('building: DRC = area × rate × (1 − age ÷ life) × condition factor', () => {
  const [b] = v.buildings;
  // 2,600 × 18,500 = 4,81,00,000; × (1 − 12 ÷ 40 = 0.70) = 3,36,70,000; × 95 % = 3,19,86,500.00.
  assert.equal(paise(b.replacementCost), '48100000.00');
  assert.equal(b.depreciationFactor.toFixed(), '0.7');
  assert.equal(paise(b.fairValue), '31986500.00');
  // 35 % off: × 0.65 = 2,07,91,225.00
  assert.equal(paise(b.liquidationValue), '20791225.00');
});

test('machine: age to the balance sheet year, DRC = cost × (1 − age ÷ life) × (1 − obsolescence)', () => {
  const [cnc, press] = v.machinery;
  // CNC: 2026 − 2016 = 10 years of 14: 1 − 10/14 = 0.285714…; ₹1,80,00,000 × 0.285714… × 0.90 = 46,28,571.428… → .43
  assert.equal(cnc.age.toFixed(), '10');
  assert.equal(paise(cnc.fairValue), '4628571.43');
  // 40 % off the rounded fair value: 46,28,571.43 × 0.60 = 27,77,142.858 → .86
  assert.equal(paise(cnc.liquidationValue), '2777142.86');
  // Press: 16 years of 20: 0.20; ₹1,20,00,000 × 0.20 × 0.85 = 20,40,000.00; 45 % off: 11,22,000.00.
  assert.equal(paise(press.fairValue), '2040000.00');
  assert.equal(paise(press.liquidationValue), '1122000.00');
  assert.equal(depreciationFactor(dec(25), dec(20)).toFixed(), '0', 'past its life: nil, never negative');
});

test('inventories and receivables: book value × recoverable %, then the forced-sale discount', () => {
  // Raw materials: 1,40,00,000 × 85 % = 1,19,00,000.00; 20 % off: 95,20,000.00.
  // Finished goods: 1,20,00,000 × 45.5 % = 54,60,000.00; 30 % off: 38,22,000.00.
  assert.deepEqual(
    v.inventories.map((r) => [paise(r.fairValue), paise(r.liquidationValue)]),
    [
      ['11900000.00', '9520000.00'],
      ['5460000.00', '3822000.00'],
    ],
  );
  // 1,80,00,000 × 92.5 % = 1,66,50,000 (15 % off: 1,41,52,500); 95,00,000 × 60 % = 57,00,000 (25 % off: 42,75,000);
  // 35,00,000 × 10.33 % = 3,61,550 (50 % off: 1,80,775).
  assert.deepEqual(
    v.receivables.map((r) => [paise(r.fairValue), paise(r.liquidationValue)]),
    [
      ['16650000.00', '14152500.00'],
      ['5700000.00', '4275000.00'],
      ['361550.00', '180775.00'],
    ],
  );
});

test('cash at book; investments at quantity × quoted price or net asset value', () => {
  assert.deepEqual(
    v.cash.map((r) => paise(r.fairValue)),
    ['15000000.00', '3000000.00'],
  );
  // 1,00,000 × ₹148.35 = 1,48,35,000.00 (5 % off: 1,40,93,250.00); the fund at its NAV 21,37,000.00.
  assert.deepEqual(
    v.investments.map((r) => [paise(r.fairValue), paise(r.liquidationValue)]),
    [
      ['14835000.00', '14093250.00'],
      ['2137000.00', '2137000.00'],
    ],
  );
});

test("each class's totals are the sums of its rows, and the normalised asset classes carry them", () => {
  const land = v.classes.find((c) => c.assetClass === 'LAND_AND_BUILDING')!;
  // 2,52,23,763.21 + 3,19,86,500.00 = 5,72,10,263.21; 1,76,56,634.25 + 2,07,91,225.00 = 3,84,47,859.25
  assert.equal(paise(land.fairValue), '57210263.21');
  assert.equal(paise(land.liquidationValue), '38447859.25');
  assert.equal(paise(land.bookValue), '45000000.00');
  const asset = f.liquidation!.assets.find((a) => a.assetClass === 'LAND_AND_BUILDING')!;
  assert.deepEqual(
    [asset.bookValue, asset.fairValue, asset.liquidationValue, asset.fromRegister],
    ['45000000.00', '57210263.21', '38447859.25', true],
  );
});

test('a class valued from its register takes no typed values, and a comparable names a parcel that exists', () => {
  const doc = loadDocument('ibc-registers.json');
  doc.liquidation.assets[0].fairValue = 500;
  doc.liquidation.registers.landComparables[0].parcel = 'L9';
  const parsed = parseFinancials(doc);
  assert.equal(parsed.ok, false);
  assert.deepEqual(!parsed.ok && parsed.errors.map((e) => e.path), [
    '/liquidation/assets/0/fairValue',
    '/liquidation/registers/landComparables/0/parcel',
  ]);
});

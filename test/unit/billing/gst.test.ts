// GST on the fee (docs/decisions.md, Tax invoices): the amount paid includes GST (added to a GST-exclusive fee); intra-state CGST + SGST,
// inter-state IGST; the parts always add up to the total, in paise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  amountCharged,
  financialYearLabel,
  gstOn,
  gstSplit,
  gstinCheckCharacter,
  invoiceNumber,
  isValidGstin,
  stateOfGstin,
} from '../../../src/contract/gst.js';
import { stateOfSupply } from '../../../src/contract/gst-states.js';

test('intra-state: CGST and SGST, half each; inter-state: IGST; the parts add up to the total', () => {
  // ₹25,000.00 including 18 %: taxable 21,186.44 (2500000 × 100 / 118 = 2118644.07…), tax 3,813.56.
  const intra = gstSplit(2_500_000, '27', '27');
  assert.deepEqual(intra, {
    totalPaise: 2_500_000,
    taxablePaise: 2_118_644,
    cgstPaise: 190_678,
    sgstPaise: 190_678,
    igstPaise: 0,
    interState: false,
    ratePercent: 18,
  });
  const inter = gstSplit(2_500_000, '27', '29');
  assert.deepEqual(
    { igst: inter.igstPaise, cgst: inter.cgstPaise, sgst: inter.sgstPaise, interState: inter.interState },
    { igst: 381_356, cgst: 0, sgst: 0, interState: true },
  );
  // An odd tax splits with the extra paisa to SGST: 1,234.00 → taxable 1,045.76, tax 188.24 → 94.12 + 94.12; 1,235.00 → 188.39 → 94.20 + 94.19.
  const odd = gstSplit(123_500, '27', '27');
  assert.equal(odd.taxablePaise + odd.cgstPaise + odd.sgstPaise, 123_500);
  assert.deepEqual([odd.cgstPaise, odd.sgstPaise], [9_420, 9_419]);
  // No recipient GSTIN: the supply is taken where the operator is.
  assert.equal(gstSplit(123_400, '27', null).interState, false);
  for (const total of [1, 99, 118, 123_457, 9_999_999]) {
    for (const other of ['27', '07']) {
      const s = gstSplit(total, '27', other);
      assert.equal(s.taxablePaise + s.cgstPaise + s.sgstPaise + s.igstPaise, total, `${total} to ${other}`);
    }
  }
});

test("the financial year of an invoice, its number, and a GSTIN's state", () => {
  assert.equal(financialYearLabel('2026-11-25'), '2026-27');
  assert.equal(financialYearLabel('2027-03-31'), '2026-27');
  assert.equal(financialYearLabel('2027-04-01'), '2027-28');
  assert.equal(financialYearLabel('2099-12-31'), '2099-00');
  assert.equal(invoiceNumber('2026-27', 42), 'VS/2026-27/000042');
  assert.equal(stateOfGstin('29AAAPL1234C1ZA'), '29');
});

test('a GSTIN is checked by its last character; a wrong one is refused', () => {
  // 27AAPFU0939F1ZV is a GSTIN published with a valid check character.
  assert.equal(gstinCheckCharacter('27AAPFU0939F1Z'), 'V');
  assert.ok(isValidGstin('27AAPFU0939F1ZV'));
  for (const valid of ['29AAAPL1234C1ZA', '27AABCV1234F1ZO', '27AAAPL1234C1ZE', '33AAACT1234A1Z8']) {
    assert.ok(isValidGstin(valid), valid);
    // Every other last character fails the check.
    for (const c of '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.replace(valid[14]!, '')) {
      assert.equal(isValidGstin(valid.slice(0, 14) + c), false, valid.slice(0, 14) + c);
    }
  }
  assert.equal(isValidGstin('29AAAPL1234C1Z7'), false);
  assert.equal(isValidGstin('29AAAPL1234C1ZA '), false, 'the pattern holds too');
});

test('a GST-exclusive fee adds GST half-up to the paisa, and the invoice works the fee back from the total exactly', () => {
  assert.equal(gstOn(2_000_000, 18), 360_000);
  assert.equal(amountCharged(2_000_000, 18, 'exclusive'), 2_360_000);
  assert.equal(amountCharged(2_000_000, 18, 'inclusive'), 2_000_000);
  assert.equal(gstOn(25, 18), 5, '4.5 paise rounds half-up to 5');
  assert.equal(gstOn(24, 18), 4);
  for (let fee = 100; fee < 20_000; fee += 7) {
    for (const rate of [5, 12, 18, 28]) {
      const split = gstSplit(amountCharged(fee, rate, 'exclusive'), '27', '27', rate);
      assert.equal(split.taxablePaise, fee, `fee ${fee} at ${rate}%`);
      assert.equal(split.cgstPaise + split.sgstPaise, gstOn(fee, rate));
    }
  }
});

test('the place of supply names the state and its code', () => {
  assert.equal(stateOfSupply('33'), 'Tamil Nadu (33)');
  assert.equal(stateOfSupply('27'), 'Maharashtra (27)');
  assert.equal(stateOfSupply('42'), 'State code 42');
});

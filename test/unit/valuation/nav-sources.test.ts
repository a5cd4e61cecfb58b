// The prescribed NAV's deductions carry their sources, and each contingent liability the notes disclose is named as
// not in L (docs/statutes.md, The deductions, each sourced).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeNav11ua, nav11uaMethod } from '../../../src/domain/valuation/nav-11ua.js';
import { dec } from '../../../src/domain/valuation/money.js';
import { loadDocument, normalised } from './helpers.js';

test('each deduction line carries its source; a contingent liability is named on L and not deducted', () => {
  const doc = loadDocument('sample-company.json');
  doc.navAdjustmentSources = {
    ...doc.navAdjustmentSources,
    incomeTaxPaidSource: 'Note 11: advance tax and TDS',
    unascertainedProvisionsSource: 'Note 7: warranty provision',
    leaseLiabilitiesSource: 'lease liabilities within other current liabilities (Note 6)',
    liabilitiesSource: 'The audited balance sheet, Notes 3 to 8',
    contingentLiabilities: [{ description: 'Disputed GST demand for FY2022', amount: 48, source: 'Note 28' }],
  };
  const c = computeNav11ua(normalised(doc), '1CB');
  const lines = nav11uaMethod(c, dec(1000000)).lines;
  const note = (label: RegExp) => lines.find((l) => label.test(l.label))?.note;
  assert.equal(note(/income-tax paid/), 'Note 11: advance tax and TDS');
  assert.equal(note(/other than ascertained/), 'Note 7: warranty provision');
  assert.equal(
    note(/^Total equity and liabilities/),
    'The audited balance sheet, Notes 3 to 8; lease liabilities within other current liabilities (Note 6)',
  );
  // The L line says why none is in L, with the amount; the schedule beside the NAV names each with its note.
  assert.equal(note(/^L$/), 'the contingent liability disclosed (4800000.00) excluded by item (vi)');
  assert.deepEqual(
    c.contingentLiabilities.map((x) => [x.description, x.amount.toFixed(2), x.source]),
    [['Disputed GST demand for FY2022', '4800000.00', 'Note 28']],
  );
  // L is the balance sheet's liabilities less the exclusions: the contingent liability changes nothing.
  assert.equal(c.l.toFixed(2), '79000000.00');
});

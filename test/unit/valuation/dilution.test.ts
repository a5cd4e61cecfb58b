// Fully diluted capital (docs/valuation-method.md, Fully diluted shares). Expected figures computed by
// hand (python3 decimal, 60 digits), not by running the engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { assertLines, loadDocument, method, normalised } from './helpers.js';
import { DILUTED_CAPITAL, withDilutedCapital } from '../../fixtures/valuation-inputs.js';

/** The sample company (LAKHS) with 20 lakh of CCPS in preference capital and 50 lakh of CCDs in its borrowings. */
function dilutedCompany() {
  const esop2025 = { holder: 'ESOP 2025 grant', instrument: 'ESOP', number: 20000, faceValue: 10, exercisePrice: 280 };
  const [promoters, ccps, ccd, esop2022, warrants] = DILUTED_CAPITAL;
  return normalised(
    withDilutedCapital(loadDocument('sample-company.json'), [promoters, ccps, ccd, esop2022, esop2025, warrants]),
  );
}

test('DCF, fully diluted: CCPS and CCDs converted and added back, options exercised only while in the money', () => {
  const r = computeValuation({
    financials: dilutedCompany(),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: {
      methodWeights: { DCF: 100, NAV: 0 },
      weightsRationale: 'The income approach alone for this going concern.',
    },
  });
  const dcf = method(r, 'DCF');
  // EV 324547040.5723 (example 1) − 300 − 120 − 20 (CCPS in preference capital) + 180 + 20 lakh = 300547040.5723
  // Base: + 20 lakh CCPS + 50 lakh CCD = 307547040.5723 over 10,00,000 + 40,000 + 50,000 = 10,90,000 shares.
  // All three options: v = 323647040.5723 / 11,50,000 = 281.43 (₹600 is not below it);
  // the ₹150 and ₹280 grants: v = 278.6378 (₹280 is not below it); the ₹150 grant alone: v = 278.6134 > 150.
  assertLines(dcf, [
    ['Equity value', '300547040.57'],
    ['Value per equity share (basic)', '300.55'],
    ['Add: CCPS capital (counted as converted, not deducted)', '2000000.00'],
    ['Add: CCD principal (counted as converted, not deducted)', '5000000.00'],
    ['Equity shares on conversion of CCPS and CCDs', '90000'],
    ['Exercised: ESOP 2022 grant (employee stock options) at ₹150.00', '30000'],
    ['Not exercised: ESOP 2025 grant (employee stock options) at ₹280.00', '0'],
    ['Not exercised: Lender warrants (warrants) at ₹600.00', '0'],
    ['Add: exercise proceeds', '4500000.00'],
    ['Fully diluted equity value', '312047040.57'],
    ['Fully diluted equity shares', '1120000'],
    ['Value per equity share (fully diluted)', '278.61'],
  ]);
  assert.equal(dcf.valuePerShare, '278.61');
  assert.equal(dcf.basicValuePerShare, '300.55');
  assert.equal(r.conclusion.valuePerShare, '278.61', 'the conclusion is on the diluted basis');
});

test('NAV (book), fully diluted: no option is in the money at ₹91.28', () => {
  const r = computeValuation({
    financials: dilutedCompany(),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
  });
  const nav = method(r, 'NAV');
  // NAV 1750 − 5 − 800 − 20 = 925 lakh; + 70 lakh added back = 9,95,00,000 over 10,90,000 shares = 91.2844
  // (with the ₹150 grant: 10,40,00,000 / 11,20,000 = 92.86, and ₹150 is not below it).
  assertLines(nav, [
    ['Net asset value attributable to equity', '92500000.00'],
    ['Value per equity share (basic)', '92.50'],
    ['Not exercised: ESOP 2022 grant (employee stock options) at ₹150.00', '0'],
    ['Fully diluted equity value', '99500000.00'],
    ['Fully diluted equity shares', '1090000'],
    ['Value per equity share (fully diluted)', '91.28'],
  ]);
});

test('instruments without a conversion ratio or exercise price are not counted; no dilutive row leaves the basic figure', () => {
  const doc = loadDocument('sample-company.json');
  doc.shareholding = [
    { holder: 'Promoters', instrument: 'EQUITY', number: 1000000, faceValue: 10 },
    { holder: 'Option pool', instrument: 'ESOP', number: 50000, faceValue: 10 },
  ];
  const r = computeValuation({
    financials: normalised(doc),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'FEMA_RBI', valuationDate: '2026-03-31' },
  });
  const dcf = method(r, 'DCF');
  assert.equal(dcf.valuePerShare, '302.55');
  assert.equal(dcf.basicValuePerShare, undefined);
  assert.ok(dcf.lines.some((l) => l.label === 'Value per equity share'));
});

test('each method names the count it divides by and why: the DCF 11,20,000, the NAV 10,90,000, differing by the ₹150 grant alone', () => {
  const r = computeValuation({
    financials: dilutedCompany(),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' },
    judgement: {
      methodWeights: { DCF: 70, NAV: 30 },
      weightsRationale: 'The income approach, checked against the book.',
    },
  });
  // By hand (docs/valuation-method.md, Fully diluted shares, worked example): 10,00,000 basic + 40,000 (20,000 CCPS × 2)
  // + 50,000 (5,000 CCDs × 10) = 10,90,000 for every method. The DCF's ₹307547040.5723 + the ₹150 grant's ₹45,00,000
  // over 11,20,000 = ₹278.6134, and ₹150 is below it (₹280 is not below the ₹278.6378 the next grant would give);
  // the NAV's ₹9,95,00,000 + ₹45,00,000 over 11,20,000 = ₹92.86, and ₹150 is not below it: 10,90,000, ₹91.28.
  const dcf = method(r, 'DCF');
  const nav = method(r, 'NAV');
  assert.deepEqual(dcf.dilutedShares && { ...dcf.dilutedShares, basis: undefined }, {
    shares: '1120000',
    basicShares: '1000000',
    conversionShares: '90000',
    exercisedOptionShares: '30000',
    basis: undefined,
  });
  assert.deepEqual(nav.dilutedShares && { ...nav.dilutedShares, basis: undefined }, {
    shares: '1090000',
    basicShares: '1000000',
    conversionShares: '90000',
    exercisedOptionShares: '0',
    basis: undefined,
  });
  const why =
    ' Each method counts the options and warrants whose exercise price is below its own diluted value (treasury-stock method, the proceeds added), so the methods’ counts differ by those alone.';
  assert.equal(
    dcf.dilutedShares!.basis,
    "10,00,000 basic + 90,000 on conversion of CCPS and CCDs + 30,000 on exercise of the options and warrants at ₹150.00, in the money at this method's ₹278.61." +
      why,
  );
  assert.equal(
    nav.dilutedShares!.basis,
    "10,00,000 basic + 90,000 on conversion of CCPS and CCDs + no options or warrants (none has its exercise price below this method's ₹91.28)." +
      why,
  );
  for (const m of [dcf, nav]) {
    const line = m.lines.find((l) => l.label === 'Fully diluted equity shares')!;
    assert.equal(line.value, m.dilutedShares!.shares);
    assert.equal(line.note, m.dilutedShares!.basis, 'the method prints its count with the reason');
  }
});

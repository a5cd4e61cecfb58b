/**
 * IBC as the regulations say (docs/statutes.md, IBC). Hand computations on the sample company (LAKHS)
 * with ₹50 lakh of preference capital (long-term borrowings 300 → 250, so the balance sheet still
 * balances): creditors = 1750 − 100 − 850 − 50 = 750 lakhs.
 *
 * CIRP (Reg 35 of the CIRP Regulations), three asset classes:
 *   Land and Building, two valuers: FV (600 + 640)/2 = 620; LV 400 and 300 → (400 − 300)/400 = 25 % exactly: flagged; LV 350.
 *   Plant and Machinery, two valuers: FV (250 + 260)/2 = 255; LV 200 and 150.02 → 49.98/200 = 24.99 %: not flagged; LV 175.01.
 *   Securities or Financial Assets, three valuers: FV 100, 121, 130 → closest (121, 130) → 125.5;
 *     LV 80, 90, 95 → closest (90, 95) → 92.5.
 *   Total FV 1000.5; total LV 617.51; liquidation costs 20.
 *   FV: 1000.5 − 750 = 250.5 after creditors; − 50 preference = 200.5 to equity.
 *   LV: 617.51 − 20 − 750 = −152.49: creditors short by 152.49 (not 202.49: preference capital is no creditor); equity nil.
 * Liquidation (Reg 35 of the Liquidation Process Regulations): realisable value, the average of two.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation, ValuationInputError } from '../../../src/domain/valuation/engine.js';
import { loadDocument, method, normalised } from './helpers.js';
import { estimatedClass, ibcHeadline } from '../../fixtures/liquidation.js';

const L_AND_B = (lv2: number) => estimatedClass('LAND_AND_BUILDING', 400, ['RV-A', 600, 400], ['RV-B', 640, lv2]);
const P_AND_M = estimatedClass('PLANT_AND_MACHINERY', 300, ['RV-C', 250, 200], ['RV-D', 260, 150.02]);
const SFA = 'SECURITIES_OR_FINANCIAL_ASSETS';
const SFA3 = estimatedClass(SFA, 100, ['RV-E', 100, 80], ['RV-F', 130, 95], ['RV-G', 121, 90]);

function company(assets: unknown[]) {
  const doc = loadDocument('sample-company.json');
  doc.balanceSheet.preferenceShareCapital = 50;
  doc.balanceSheet.longTermBorrowings = 250;
  doc.liquidation = { assets, liquidationCosts: 20 };
  return normalised(doc);
}
const value = (purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE' | 'LIQUIDATION_REALISABLE_VALUE' | null, assets: unknown[]) =>
  computeValuation({
    financials: company(assets),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'IBC_LIQUIDATION', purpose, valuationDate: '2026-03-31' },
  });

test('CIRP: three classes from two and three valuers; the two closest averaged; the 25 % flag at exactly 25 % and not at 24.99 %', () => {
  const r = value('CIRP_FAIR_AND_LIQUIDATION_VALUE', [L_AND_B(300), P_AND_M, SFA3]);
  const fv = new Map(method(r, 'FAIR_VALUE').lines.map((l) => [l.label, l.value]));
  const lv = new Map(method(r, 'LIQUIDATION_VALUE').lines.map((l) => [l.label, l.value]));
  assert.equal(fv.get('LAND_AND_BUILDING: fair value'), '62000000.00');
  assert.equal(fv.get('PLANT_AND_MACHINERY: fair value'), '25500000.00');
  assert.equal(fv.get('SECURITIES_OR_FINANCIAL_ASSETS: fair value'), '12550000.00');
  assert.equal(lv.get('LAND_AND_BUILDING: liquidation value'), '35000000.00');
  assert.equal(lv.get('PLANT_AND_MACHINERY: liquidation value'), '17501000.00');
  assert.equal(lv.get('SECURITIES_OR_FINANCIAL_ASSETS: liquidation value'), '9250000.00');
  assert.match(
    method(r, 'LIQUIDATION_VALUE').lines.find((l) => l.label === 'LAND_AND_BUILDING: liquidation value')!.note!,
    /resolution professional's computation \(CIRP Reg 35\(1\)\(c\)\)/,
  );
  // The headline: the assets' totals; creditors 750, preference capital after them.
  assert.deepEqual(r.conclusion.fairValue, ibcHeadline('100050000.00', '20050000.00', '20.05', '0.00'));
  assert.deepEqual(r.conclusion.liquidationValue, ibcHeadline('61751000.00', '0.00', '0.00', '15249000.00'));
  assert.equal(fv.get('Less: liabilities (creditors)'), '-75000000.00');
  assert.equal(fv.get('Less: preference share capital (ranks after all creditors, s.53)'), '-5000000.00');
  // Exactly 25 % in Land and Building is flagged; 24.99 % in Plant and Machinery is not; three estimates are not compared.
  const flags = r.warnings.filter((w) => w.code === 'LIQUIDATION_ESTIMATES_SIGNIFICANTLY_DIFFERENT');
  assert.equal(flags.length, 1);
  assert.match(flags[0].message, /^LAND_AND_BUILDING: .* 25\.00%/);
  assert.ok(!r.methods.some((m) => m.lines.some((l) => /per equity share/.test(l.label))));
  assert.deepEqual(r.legalBasis, {
    act: 'INSOLVENCY_AND_BANKRUPTCY_CODE_2016',
    provisions: [],
    rules: [
      'Insolvency and Bankruptcy Board of India (Insolvency Resolution Process for Corporate Persons) Regulations, 2016, Reg 27 and Reg 35',
    ],
  });
  // Without a purpose the CIRP applies, as before.
  assert.equal(value(null, [L_AND_B(300), P_AND_M, SFA3]).conclusion.fairValue?.totalValue, '100050000.00');
  // 300.01 is 24.9975 % below 400: not flagged.
  assert.ok(
    !value(null, [L_AND_B(300.01), P_AND_M, SFA3]).warnings.some(
      (w) => w.code === 'LIQUIDATION_ESTIMATES_SIGNIFICANTLY_DIFFERENT',
    ),
  );
});

test('liquidation: the realisable value is the average of two estimates, with no fair value and no third-valuer flag', () => {
  const SFA2 = estimatedClass(SFA, 100, ['RV-F', 130, 95], ['RV-G', 121, 90]);
  const r = value('LIQUIDATION_REALISABLE_VALUE', [L_AND_B(300), P_AND_M, SFA2]);
  assert.deepEqual(
    r.methods.map((m) => m.method),
    ['LIQUIDATION_VALUE'],
  );
  assert.match(r.methods[0].title, /^Realisable value \(Liquidation Process Regulations, Reg 35\)/);
  const lines = new Map(r.methods[0].lines.map((l) => [l.label, l.value]));
  assert.equal(lines.get('LAND_AND_BUILDING: realisable value'), '35000000.00'); // (400 + 300) / 2
  assert.equal(lines.get('SECURITIES_OR_FINANCIAL_ASSETS: realisable value'), '9250000.00'); // (95 + 90) / 2
  assert.equal(lines.get('Total realisable value of assets'), '61751000.00'); // 350 + 175.01 + 92.5
  assert.equal(r.conclusion.fairValue, undefined);
  assert.equal(r.conclusion.liquidationValue?.totalValue, '61751000.00');
  assert.ok(!r.warnings.some((w) => w.code === 'LIQUIDATION_ESTIMATES_SIGNIFICANTLY_DIFFERENT'));
  assert.deepEqual(r.legalBasis?.rules, [
    'Insolvency and Bankruptcy Board of India (Liquidation Process) Regulations, 2016, Reg 35',
  ]);
  assert.throws(
    () => value('LIQUIDATION_REALISABLE_VALUE', [SFA3]),
    (e: unknown) =>
      e instanceof ValuationInputError &&
      /average of two registered valuers' estimates of realisable value; 3 were given/.test(e.message),
  );
});

// The WACC built up from its parts (docs/valuation-method.md, Cost of capital). Expected figures computed
// by hand (python3 decimal, 60 digits), not by running the engine.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCostOfCapital, statedWacc } from '../../../src/domain/valuation/cost-of-capital.js';

const INPUT = {
  riskFreeRate: '6.52',
  equityRiskPremium: '7.5',
  beta: '0.85',
  betaBasis: 'UNLEVERED' as const,
  debtToEquity: '0.25',
  taxRate: '25.168',
  preTaxCostOfDebt: '9.75',
  sizePremium: '1.5',
  companySpecificPremium: '2',
  source: "10-year G-Sec yield 6.52 % on 31-10-2026; ERP and beta from the valuer's peer study",
};

test('from an unlevered beta: Hamada relevering, CAPM with premiums, after-tax debt, weights from D/E', () => {
  const b = buildCostOfCapital(INPUT);
  // βL = 0.85 × (1 + (1 − 0.25168) × 0.25) = 0.85 × 1.18708 = 1.009018
  assert.equal(b.leveredBeta.toString(), '1.009018');
  // Ke = 6.52 + 1.009018 × 7.5 + 1.5 + 2 = 17.587635
  assert.equal(b.costOfEquity.toString(), '17.587635');
  // Kd = 9.75 × 0.74832 = 7.296120
  assert.equal(b.costOfDebtAfterTax.toString(), '7.29612');
  assert.equal(b.equityWeight.toString(), '0.8'); // 1 / 1.25
  assert.equal(b.debtWeight.toString(), '0.2'); // 0.25 / 1.25
  // WACC = 17.587635 × 0.8 + 7.29612 × 0.2 = 14.070108 + 1.459224 = 15.529332
  assert.equal(b.wacc.toString(), '15.529332');
  assert.equal(statedWacc(b).toString(), '15.5293');
});

test('a levered beta is used as given; no premiums; no debt gives WACC = Ke', () => {
  const b = buildCostOfCapital({
    ...INPUT,
    betaBasis: 'LEVERED',
    beta: '1.2',
    debtToEquity: '0',
    sizePremium: undefined,
    companySpecificPremium: undefined,
  });
  assert.equal(b.leveredBeta.toString(), '1.2');
  assert.equal(b.costOfEquity.toString(), '15.52'); // 6.52 + 1.2 × 7.5
  assert.equal(b.wacc.toString(), '15.52');
});

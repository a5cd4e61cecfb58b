/**
 * The valuer's weights and discount for lack of marketability, against hand
 * computations to the paisa. Sample company (LAKHS), WACC 12 %, g 4 %:
 *   DCF equity value 30,25,47,040.57… (worked example 1) / 10,00,000 shares = 302.5470405723 per share
 *   book NAV 945 lakhs / 10,00,000 = 94.50;  NAV 11UA(2)(a) 94.30;  NAV 11UA(1)(c)(b) 107.80.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ValuationInputError, computeValuation, type ValuationInput } from '../../../src/domain/valuation/engine.js';
import { judgementErrors } from '../../../src/domain/valuation/judgement.js';
import { loadFinancials, projectionsFrom } from './helpers.js';
import { DLOM_WHY, S62_DISCOUNT, S62_JUDGEMENT, WEIGHTS_WHY } from '../../fixtures/judgement.js';

// A valuation date before FY2027 takes the projections as starting in FY2026, the year after it (amounts unchanged).
const value = (
  engagement: ValuationInput['engagement'],
  judgement: ValuationInput['judgement'],
  fixture = 'sample-company.json',
) =>
  computeValuation({
    financials:
      engagement.valuationDate < '2026-03-31'
        ? projectionsFrom(loadFinancials(fixture), 'FY2026')
        : loadFinancials(fixture),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement,
    judgement,
  });

function refuses(run: () => unknown, code: string, pattern?: RegExp): void {
  assert.throws(run, (error: unknown) => {
    assert.ok(error instanceof ValuationInputError, String(error));
    assert.equal(error.code, code);
    if (pattern) assert.match(error.message, pattern);
    return true;
  });
}

test("Companies Act s.62: valuer's weights DCF 70 / NAV 30, then a 15 % discount", () => {
  const r = value({ statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' }, S62_JUDGEMENT);
  // 0.70 × 302.5470405723 = 211.7829284006; 0.30 × 94.50 = 28.35; Σ = 240.1329284006 → 240.13
  assert.equal(r.conclusion.valueBeforeDiscount, '240.13');
  // × (1 − 0.15) = 204.1129891405 → 204.11; discount 36.0199392601 → 36.02
  assert.equal(r.conclusion.valuePerShare, '204.11');
  assert.deepEqual(r.conclusion.discount, S62_DISCOUNT);
  assert.deepEqual(r.conclusion.weights, [
    { method: 'DCF', weightPercent: '70', valuePerShare: '302.55', weightedValuePerShare: '211.78' },
    { method: 'NAV', weightPercent: '30', valuePerShare: '94.50', weightedValuePerShare: '28.35' },
  ]);
  assert.equal(r.conclusion.weightsSetBy, 'VALUER');
  assert.equal(r.conclusion.weightsRationale, WEIGHTS_WHY);
  assert.match(r.conclusion.basis, /as given by the valuer/);
  // Without weights the engine default (50/50) is said to be the default.
  const d = value({ statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' }, undefined);
  assert.equal(d.conclusion.weightsSetBy, 'ENGINE_DEFAULT');
  // 0.5 × 302.5470405723 + 0.5 × 94.50 = 198.5235202861 → 198.52
  assert.equal(d.conclusion.valuePerShare, '198.52');
});

test('FEMA: DCF 100 % with a 20 % discount', () => {
  const r = value(
    { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2026-03-31' },
    {
      methodWeights: { DCF: 100 },
      weightsRationale: WEIGHTS_WHY,
      dlomPercent: '20',
      dlomRationale: DLOM_WHY,
    },
  );
  // 302.5470405723 × 0.80 = 242.0376324578 → 242.04; discount 60.5094081145 → 60.51
  assert.equal(r.conclusion.valueBeforeDiscount, '302.55');
  assert.equal(r.conclusion.valuePerShare, '242.04');
  assert.equal(r.conclusion.discount?.discountPerShare, '60.51');
  assert.equal(r.conclusion.floorOrCeiling, 'FLOOR');
});

test("Rule 11UA issue: the issuer's choice of DCF as a 100 % weight, with a 10 % discount; NAV 100 % takes none", () => {
  const r = value(
    { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2025-03-31' },
    {
      methodWeights: { DCF: 100 },
      weightsRationale: WEIGHTS_WHY,
      dlomPercent: 10,
      dlomRationale: DLOM_WHY,
    },
  );
  // 302.5470405723 × 0.90 = 272.2923365151 → 272.29
  assert.equal(r.conclusion.valueBeforeDiscount, '302.55');
  assert.equal(r.conclusion.valuePerShare, '272.29');
  assert.equal(r.conclusion.byPurpose?.[0].method, 'DCF');
  assert.equal(r.conclusion.floorOrCeiling, undefined); // an issue on 31-3-2025: after 1-4-2024, s.56(2)(viib) no longer reaches it
  const nav = value(
    { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2025-03-31' },
    {
      methodWeights: { NAV_11UA_2A: 100, DCF: 0 },
      weightsRationale: WEIGHTS_WHY,
    },
  );
  assert.equal(nav.conclusion.valuePerShare, '94.30');
  assert.deepEqual(nav.conclusion.weights, [
    { method: 'NAV_11UA_2A', weightPercent: '100', valuePerShare: '94.30', weightedValuePerShare: '94.30' },
  ]);
  const transfer = value(
    { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' },
    {
      methodWeights: { NAV_11UA_1CB: 100 },
      weightsRationale: WEIGHTS_WHY,
    },
  );
  assert.equal(transfer.conclusion.valuePerShare, '107.80');
});

test('refusals: weights not adding to 100, a method the statute does not produce, a discount on a prescribed formula or for IBC, missing rationale', () => {
  type Engagement = ValuationInput['engagement'];
  const s62: Engagement = { statute: 'COMPANIES_ACT_SEC_62', valuationDate: '2026-03-31' };
  const fema: Engagement = { statute: 'FEMA_RBI', valuationDate: '2026-03-31' };
  const issue: Engagement = { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' };
  const transfer: Engagement = { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' };
  const ibc: Engagement = { statute: 'IBC_LIQUIDATION', valuationDate: '2026-03-31' };
  const weights = (methodWeights: Record<string, number>) => ({ methodWeights, weightsRationale: WEIGHTS_WHY });
  const dlom = { dlomPercent: 10, dlomRationale: DLOM_WHY };
  const overHalf = (field: string) => new RegExp(`^/${field}: must be a percent from 0 to 50`);
  // Each row: the engagement, the judgement, the refusal's code and what its message says (the IBC rows on their fixture).
  const refusals: [Engagement, ValuationInput['judgement'], string, RegExp?, string?][] = [
    [s62, weights({ DCF: 60, NAV: 30 }), 'INVALID_WEIGHTS', /add up to 100%; they add up to 90%/],
    [s62, weights({ DCF: 50, NAV: 25, COMPARABLES: 25 }), 'INVALID_WEIGHTS', /COMPARABLES is not a method/],
    [s62, weights({ DCF: 33.333, NAV: 66.667 }), 'INVALID_WEIGHTS', /at most 2 decimals/],
    [fema, weights({ DCF: 50, COMPARABLES: 50 }), 'INVALID_WEIGHTS', /COMPARABLES is not a method/],
    [fema, weights({ DCF: 50, NAV_11UA_1CB: 50 }), 'INVALID_WEIGHTS', /NAV_11UA_1CB is not a method/],
    [issue, weights({ NAV_11UA_2A: 50, DCF: 50 }), 'INVALID_WEIGHTS', /one method the issuer chooses/],
    [transfer, weights({ NAV_11UA_1CB: 50, DCF: 50 }), 'INVALID_WEIGHTS', /DCF is not a method/],
    // Missing rationale.
    [s62, { methodWeights: { DCF: 70, NAV: 30 } }, 'MISSING_RATIONALE', /weightsRationale/],
    [s62, { methodWeights: { DCF: 70, NAV: 30 }, weightsRationale: 'too short' }, 'MISSING_RATIONALE'],
    [s62, { dlomPercent: 10 }, 'MISSING_RATIONALE', /dlomRationale/],
    // Discounts where the statute prescribes the formula, and for IBC; and beyond 50 %.
    [transfer, dlom, 'DISCOUNT_NOT_PERMITTED', /Rule 11UA prescribes the NAV formula/],
    [issue, dlom, 'DISCOUNT_NOT_PERMITTED', /Rule 11UA/],
    [ibc, dlom, 'DISCOUNT_NOT_PERMITTED', /Regulation 35/, 'ibc-shortfall.json'],
    [ibc, weights({ FAIR_VALUE: 100 }), 'INVALID_WEIGHTS', /Regulation 35/, 'ibc-shortfall.json'],
    [s62, { dlomPercent: 60, dlomRationale: DLOM_WHY }, 'INVALID_DISCOUNT', overHalf('dlomPercent')],
    [s62, { dlocPercent: 60, dlocRationale: DLOM_WHY }, 'INVALID_DISCOUNT', overHalf('dlocPercent')],
  ];
  for (const [engagement, judgement, code, pattern, file] of refusals) {
    refuses(() => value(engagement, judgement, file), code, pattern);
  }
  // Every refusal at once, as the API reports them (JSON Pointers into the lock body).
  assert.deepEqual(
    judgementErrors('RULE_11UA', 'TRANSFER_OR_RECEIPT', { methodWeights: { DCF: 100 }, dlomPercent: 5 }, true).map(
      (e) => [e.code, e.path],
    ),
    [
      ['INVALID_WEIGHTS', '/methodWeights/DCF'],
      ['MISSING_RATIONALE', '/weightsRationale'],
      ['DISCOUNT_NOT_PERMITTED', '/dlomPercent'],
      ['MISSING_RATIONALE', '/dlomRationale'],
    ],
  );
});

test('a discount for lack of control, then one for lack of marketability, each on the exact value before it', () => {
  const DLOC_WHY = 'A 26 % minority stake cannot direct dividends, the board or a sale of the company.';
  const r = value(
    { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT', valuationDate: '2026-03-31' },
    {
      dlocPercent: '10',
      dlocRationale: DLOC_WHY,
      dlomPercent: '20',
      dlomRationale: DLOM_WHY,
    },
  );
  // 302.5470405723 × 0.90 = 272.2923365151 (control discount 30.2547040572); × 0.80 = 217.8338692121
  // (marketability discount 54.4584673030). By hand, exact decimals; half-up to the paisa for presentation.
  assert.equal(r.conclusion.valueBeforeDiscount, '302.55');
  assert.deepEqual(r.conclusion.controlDiscount, {
    percent: '10',
    rationale: DLOC_WHY,
    valueBeforeDiscount: '302.55',
    discountPerShare: '30.25',
    valueAfterDiscount: '272.29',
  });
  assert.deepEqual(r.conclusion.discount, {
    percent: '20',
    rationale: DLOM_WHY,
    valueBeforeDiscount: '272.29',
    discountPerShare: '54.46',
    valueAfterDiscount: '217.83',
  });
  assert.equal(r.conclusion.valuePerShare, '217.83');
  assert.match(
    r.conclusion.basis,
    /Less discounts for lack of control \(10%\) and then lack of marketability \(20%\), method by method before weighting.*: DCF 302\.55 × \(1 − 10%\) × \(1 − 20%\) = 217\.83; concluded 302\.55 before discounts, 217\.83 after\./,
  );
});

test('a discount for lack of control is refused where a DLOM is, and needs its rationale', () => {
  const refused = judgementErrors(
    'RULE_11UA',
    'TRANSFER_OR_RECEIPT',
    { dlocPercent: 10, dlocRationale: 'A minority stake with no say in the board.' },
    true,
  );
  assert.deepEqual(
    refused.map((e) => [e.code, e.path]),
    [['DISCOUNT_NOT_PERMITTED', '/dlocPercent']],
  );
  const ibc = judgementErrors(
    'IBC_LIQUIDATION',
    null,
    { dlocPercent: 10, dlocRationale: 'A minority stake with no say in the board.' },
    false,
  );
  assert.deepEqual(
    ibc.map((e) => e.code),
    ['DISCOUNT_NOT_PERMITTED'],
  );
  const bare = judgementErrors('COMPANIES_ACT_SEC_62', null, { dlocPercent: 60 }, true);
  assert.deepEqual(
    bare.map((e) => [e.code, e.path]),
    [
      ['INVALID_DISCOUNT', '/dlocPercent'],
      ['MISSING_RATIONALE', '/dlocRationale'],
    ],
  );
});

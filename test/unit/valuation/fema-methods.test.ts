/**
 * FEMA: any internationally accepted pricing methodology (NDI Rule 21(2); docs/statutes.md). The valuer
 * weighs DCF, book NAV and comparable multiples with a rationale, as for s.62. Hand computations on
 * the sample company (LAKHS) with worked example 7's peers, WACC 12 %, g 4 %:
 *   DCF 302.5470405723… per share (worked example 1); book NAV 945 lakhs / 10,00,000 = 94.50;
 *   comparables 3802.5 lakhs / 10,00,000 = 380.25 (worked example 7).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { computeValuation } from '../../../src/domain/valuation/engine.js';
import { adoptedMethods, signatoryRequirement } from '../../../src/domain/identity/signatory.js';
import { loadDocument, normalised } from './helpers.js';

const WHY = 'The DCF leads; net assets and listed peers temper a long projection horizon.';

function withPeers() {
  const doc = loadDocument('sample-company.json');
  doc.peers = [
    { name: 'Alpha Ltd', evToEbitda: 10, peRatio: 20 },
    { name: 'Beta Ltd', evToEbitda: 12, evToRevenue: 2 },
    { name: 'Gamma Ltd', evToEbitda: 9, priceToBook: 3 },
  ];
  doc.comparableMetrics = { ebitda: 400, profitAfterTax: 200 };
  return normalised(doc);
}

const fema = (
  purpose: 'ISSUE_TO_NON_RESIDENT' | 'TRANSFER_NON_RESIDENT_TO_RESIDENT',
  methodWeights?: Record<string, number>,
) =>
  computeValuation({
    financials: withPeers(),
    assumptions: { wacc: 12, terminalGrowthRate: 4 },
    engagement: { statute: 'FEMA_RBI', purpose, valuationDate: '2026-03-31' },
    ...(methodWeights && { judgement: { methodWeights, weightsRationale: WHY } }),
  });

test('FEMA weights DCF 45 / NAV 20 / COMPARABLES 35, concluded to the paisa', () => {
  const r = fema('ISSUE_TO_NON_RESIDENT', { DCF: 45, NAV: 20, COMPARABLES: 35 });
  assert.deepEqual(
    r.methods.map((m) => m.method),
    ['DCF', 'NAV', 'COMPARABLES'],
  );
  // 0.45 × 302.5470405723 = 136.1461682575; 0.20 × 94.50 = 18.90; 0.35 × 380.25 = 133.0875
  // Σ = 288.1336682575 → 288.13 (the rounded parts 136.15 + 18.90 + 133.09 = 288.14 differ by a paisa)
  assert.equal(r.conclusion.valuePerShare, '288.13');
  assert.deepEqual(r.conclusion.weights, [
    { method: 'DCF', weightPercent: '45', valuePerShare: '302.55', weightedValuePerShare: '136.15' },
    { method: 'NAV', weightPercent: '20', valuePerShare: '94.50', weightedValuePerShare: '18.90' },
    { method: 'COMPARABLES', weightPercent: '35', valuePerShare: '380.25', weightedValuePerShare: '133.09' },
  ]);
  assert.equal(r.conclusion.weightsSetBy, 'VALUER');
  assert.equal(r.conclusion.weightsRationale, WHY);
  assert.equal(r.conclusion.floorOrCeiling, 'FLOOR');
  assert.deepEqual(
    r.conclusion.byPurpose?.map((p) => [p.purpose, p.method, p.valuePerShare]),
    [['ISSUE_TO_NON_RESIDENT', 'WEIGHTED', '288.13']],
  );
  assert.match(
    r.conclusion.basis,
    /Rule 21\(2\)\(a\).*weighted average of discounted cash flow 45%, net asset value 20%, comparable company multiples 35%/,
  );
  assert.deepEqual(adoptedMethods(r), ['DCF', 'NAV', 'COMPARABLES']);
  assert.deepEqual(r.legalBasis?.rules, [
    'Foreign Exchange Management (Non-Debt Instruments) Rules, 2019, Rule 21(2)(a)',
  ]);
});

test('FEMA NAV 100 % for a transfer to a resident: the net asset value is the ceiling, and no DCF is adopted', () => {
  const r = fema('TRANSFER_NON_RESIDENT_TO_RESIDENT', { NAV: 100 });
  assert.equal(r.conclusion.valuePerShare, '94.50');
  assert.equal(r.conclusion.floorOrCeiling, 'CEILING');
  assert.deepEqual(
    r.conclusion.byPurpose?.map((p) => p.method),
    ['NAV'],
  );
  assert.deepEqual(adoptedMethods(r), ['NAV']);
  assert.match(r.methods.find((m) => m.method === 'DCF')!.servesPurpose!, /not weighted/);
  assert.match(signatoryRequirement('FEMA_RBI', adoptedMethods(r)).rule, /rule 21/i);
});

test("FEMA without the valuer's weights concludes on the DCF, as before", () => {
  const r = fema('ISSUE_TO_NON_RESIDENT');
  assert.equal(r.conclusion.valuePerShare, '302.55');
  assert.equal(r.conclusion.weights, undefined);
  assert.deepEqual(
    r.conclusion.byPurpose?.map((p) => p.method),
    ['DCF'],
  );
});

// The WACC built up at the lock (docs/valuation-method.md, Cost of capital): a stated WACC that differs
// from the build-up is refused with the computed figure and nothing changes; an agreeing one is locked,
// carried into the valuation, printed in the report with its source and rebuilt by formulas in the
// workpapers. A discount for lack of control applies before the DLOM, in the API and the workpapers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Decimal } from 'decimal.js';
import { type TestApp } from '../../helpers/app.js';
import { asUser, signupAdmin, adminTokenApp } from '../../helpers/principals.js';
import { fixture, lock, status, valuationOf, withFinancials, PROJECTIONS_NOTE } from '../../helpers/engagements.js';
import { recalculatedWorkpapers } from '../../helpers/workbook.js';
import { assertShows, pdfText } from '../../helpers/pdf.js';
import { BUILD_UP } from '../../fixtures/cost-of-capital.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const RATIONALE = 'CAPM on the 10-year G-Sec, peer beta relevered at the target D/E of 0.25.';
/** The lock body's build-up (BUILD_UP, 15.5293 %) with its growth rate and rationale; the tests state the WACC. */
const BUILT_UP = {
  terminalGrowthRate: 5,
  rationale: RATIONALE,
  projectionsReasonableness: PROJECTIONS_NOTE,
  costOfCapital: BUILD_UP,
};
const S62 = { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined };

async function dataReady(headers = bearer): Promise<string> {
  return (await withFinancials(t, headers, S62, fixture('sample-company.json'))).id;
}

test('a WACC that differs from its build-up is 400 wacc_mismatch giving the computed figure; nothing is locked', async () => {
  const id = await dataReady();
  const refused = await lock(t, bearer, id, { ...BUILT_UP, wacc: 15.5 });
  assert.equal(refused.statusCode, 400, refused.body);
  assert.equal(refused.json().code, 'wacc_mismatch');
  assert.match(refused.json().detail, /gives a WACC of 15\.5293%, not the 15\.5% stated/);
  assert.equal(refused.json().errors[0].path, '/wacc');
  assert.match(
    refused.json().errors[0].message,
    /must be 15\.5293 \(the build-up: Ke 17\.5876% × E\/V 0\.8000 \+ Kd after tax 7\.2961% × D\/V 0\.2000\)/,
  );
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/assumptions`, headers: bearer })).json()
      .locked,
    false,
  );
  assert.equal(await status(t, bearer, id), 'DATA_READY');
});

test('the built-up WACC is locked and carried into the valuation, the report and the workpapers (Ke by formula); DLOC before DLOM', async () => {
  const id = await dataReady();
  const locked = await lock(t, bearer, id, {
    ...BUILT_UP,
    wacc: 15.5293,
    methodWeights: { DCF: 70, NAV: 30 },
    weightsRationale: 'A profitable going concern: the income approach leads.',
    dlocPercent: 10,
    dlocRationale: 'A 26 % minority stake cannot direct dividends or the board.',
    dlomPercent: 12.5,
    dlomRationale: 'Unlisted shares with no exit route within five years.',
  });
  assert.equal(locked.statusCode, 200, locked.body);
  assert.deepEqual(locked.json().costOfCapital, BUILD_UP);
  assert.equal(locked.json().dlocPercent, 10);
  await t.worker.drain();
  const v = await valuationOf(t, bearer, id);
  assert.equal(v.assumptions.costOfCapital.leveredBeta, '1.009018');
  assert.equal(v.assumptions.costOfCapital.costOfEquity, '17.587635');
  assert.equal(v.assumptions.costOfCapital.costOfDebtAfterTax, '7.296120');
  assert.equal(v.assumptions.costOfCapital.wacc, '15.529332');
  // Concluded = weighted × (1 − 10 %) × (1 − 12.5 %), exact; the parts as presented.
  const c = v.conclusion;
  assert.equal(c.controlDiscount.valueBeforeDiscount, c.valueBeforeDiscount);
  assert.equal(c.discount.valueBeforeDiscount, c.controlDiscount.valueAfterDiscount);
  const approx = new Decimal(c.valueBeforeDiscount).times('0.9').times('0.875');
  assert.ok(approx.minus(c.valuePerShare).abs().lte('0.01'), `${c.valuePerShare} ≈ ${approx}`);

  const wb = await recalculatedWorkpapers(t, bearer, id);
  assert.equal(Number(wb.value('Ke')).toFixed(6), '17.587635');
  assert.equal(Number(wb.value('WACC')), 15.5293, 'the WACC cell is the build-up rounded to 4 decimals');
  assert.equal(new Decimal(wb.value('ValuePerShare_Concluded') as number).toFixed(2), c.valuePerShare);
  // A different risk-free rate flows through Ke into the WACC and the value.
  const before = Number(wb.value('ValuePerShare_DCF'));
  wb.set('RiskFreeRate', 7.52);
  assert.equal(Number(wb.value('WACC')), 16.3293);
  assert.ok(Number(wb.value('ValuePerShare_DCF')) < before);

  const draft = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: bearer });
  assert.equal(draft.statusCode, 200);
  assertShows(pdfText(draft.rawPayload), 'the report', [
    'Cost of capital',
    'Risk-free rate',
    '6.52%',
    'Unlevered beta',
    '0.85',
    'Relevered beta',
    '1.009018',
    'Cost of equity',
    '17.587635%',
    'WACC',
    '15.5293%',
    '10-year G-Sec yield 6.52 % on 31-03-2026',
    'Weighting of methods, after the discounts each takes',
    'control 10%, marketability 12.5%',
    'a discount for lack of control of 10% and a discount for lack of marketability of 12.5%',
    'Rationale for the discount for lack of control',
  ]);
});

test('returned for revision, the version history keeps the whole judgement (build-up, DLOC) for the next round to start from', async () => {
  const admin = await signupAdmin(t, 'Revision Judgement Valuers');
  const headers = asUser(admin);
  const id = await dataReady(headers);
  const body = {
    ...BUILT_UP,
    wacc: 15.5293,
    dlocPercent: 10,
    dlocRationale: 'A 26 % minority stake cannot direct dividends or the board.',
  };
  assert.equal((await lock(t, headers, id, body)).statusCode, 200);
  await t.worker.drain();
  const revise = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${id}/gates/GATE_1/reject`,
    headers,
    payload: { reason: 'Justify the company-specific premium in the rationale.', outcome: 'REVISE' },
  });
  assert.equal(revise.statusCode, 200, revise.body);
  const history = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/assumptions/history`, headers })
  ).json();
  assert.equal(history.length, 1);
  assert.deepEqual(history[0].costOfCapital, BUILD_UP);
  assert.equal(history[0].dlocPercent, 10);
  assert.equal(history[0].dlocRationale, body.dlocRationale);
  assert.equal(history[0].revision.reason, 'Justify the company-specific premium in the rationale.');
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { CAPM_LOCK as BASE, createEngagement, lock, withFixture, status } from '../../helpers/engagements.js';
import { valuationOf } from '../../helpers/engagements.js';
import { DLOM_WHY, S62_DISCOUNT, S62_JUDGEMENT, WEIGHTS_WHY } from '../../fixtures/judgement.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const ready = (body: Record<string, unknown>) => withFixture(t, bearer, body);

test('weights, rationale and discount are locked, and /valuation shows them with the value before and after the discount', async () => {
  const e = await ready({ statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  const res = await lock(t, bearer, e.id, { ...BASE, ...S62_JUDGEMENT });
  assert.equal(res.statusCode, 200, res.body);
  assert.deepEqual(res.json().methodWeights, { DCF: 70, NAV: 30 });
  assert.equal(res.json().dlomPercent, 15);
  assert.equal(res.json().dlomRationale, DLOM_WHY);
  await t.worker.drain();
  const v = await valuationOf(t, bearer, e.id);
  // Hand computation in test/unit/valuation/judgement.test.ts: 240.1329… → 240.13; × 0.85 = 204.1129… → 204.11
  assert.equal(v.conclusion.valueBeforeDiscount, '240.13');
  assert.equal(v.conclusion.valuePerShare, '204.11');
  assert.deepEqual(v.conclusion.discount, S62_DISCOUNT);
  assert.equal(v.conclusion.weightsSetBy, 'VALUER');
  assert.equal(v.conclusion.weightsRationale, WEIGHTS_WHY);
  assert.deepEqual(
    v.conclusion.weights.map((w: { method: string; weightPercent: string }) => [w.method, w.weightPercent]),
    [
      ['DCF', '70'],
      ['NAV', '30'],
    ],
  );
  const assumptions = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/assumptions`, headers: bearer })
  ).json();
  assert.equal(assumptions.weightsRationale, WEIGHTS_WHY);
});

test('refusals are 400 with the rule named, and change nothing', async () => {
  // A transfer on 31 March 2026: the Income-tax Act, 1961 and Rule 11UA (Rule 57 is tested in reports/law-in-force).
  const e = await ready({ statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' });
  const discount = await lock(t, bearer, e.id, { ...BASE, dlomPercent: 10, dlomRationale: DLOM_WHY });
  assert.equal(discount.statusCode, 400);
  assert.equal(discount.json().code, 'discount_not_permitted');
  assert.match(discount.json().detail, /Rule 11UA prescribes the NAV formula/);
  assert.deepEqual(
    discount.json().errors.map((x: { path: string }) => x.path),
    ['/dlomPercent'],
  );
  const weights = await lock(t, bearer, e.id, {
    ...BASE,
    methodWeights: { NAV_11UA_1CB: 60, DCF: 40 },
    weightsRationale: WEIGHTS_WHY,
  });
  assert.equal(weights.statusCode, 400);
  assert.equal(weights.json().code, 'invalid_weights');
  const noRationale = await lock(t, bearer, e.id, { ...BASE, methodWeights: { NAV_11UA_1CB: 100 } });
  assert.equal(noRationale.statusCode, 400);
  assert.equal(noRationale.json().code, 'missing_rationale');
  const tooMuch = await lock(t, bearer, e.id, { ...BASE, dlomPercent: 55, dlomRationale: DLOM_WHY });
  assert.equal(tooMuch.statusCode, 400);
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/assumptions`, headers: bearer })).json()
      .locked,
    false,
  );
  const ibc = await createEngagement(t, bearer, { statute: 'IBC_LIQUIDATION', purpose: undefined });
  const ibcDiscount = await lock(t, bearer, ibc.id, { ...BASE, dlomPercent: 10, dlomRationale: DLOM_WHY });
  assert.equal(ibcDiscount.statusCode, 400);
  assert.equal(ibcDiscount.json().code, 'discount_not_permitted');
  assert.match(ibcDiscount.json().detail, /Regulation 35/);
});

test('a discount no adopted method takes is 400 naming it, and changes nothing; a nil one with its reason is taken', async () => {
  const e = await ready({ statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  // The price of a recent round is on a minority, non-marketable basis: neither discount reaches it.
  const roundOnly = { methodWeights: { RECENT_ROUND: 100 }, weightsRationale: WEIGHTS_WHY };
  const dloc = await lock(t, bearer, e.id, { ...BASE, ...roundOnly, dlocPercent: 20, dlocRationale: DLOM_WHY });
  assert.equal(dloc.statusCode, 400, dloc.body);
  assert.equal(dloc.json().code, 'discount_not_permitted');
  assert.deepEqual(
    dloc.json().errors.map((x: { path: string }) => x.path),
    ['/dlocPercent'],
  );
  assert.match(
    dloc.json().errors[0].message,
    /No adopted method \(RECENT_ROUND\) values the shares on a control basis/,
  );
  const dlom = await lock(t, bearer, e.id, { ...BASE, ...roundOnly, dlomPercent: 10, dlomRationale: DLOM_WHY });
  assert.equal(dlom.statusCode, 400, dlom.body);
  assert.equal(dlom.json().errors[0].path, '/dlomPercent');
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  // A DCF on a control basis beside it takes the DLOC: accepted.
  const taken = await lock(t, bearer, e.id, {
    ...BASE,
    methodWeights: { DCF: 70, NAV: 30 },
    weightsRationale: WEIGHTS_WHY,
    dlocPercent: 0,
    dlocRationale: 'A nil discount for lack of control: the holding carries board control by agreement.',
  });
  assert.equal(taken.statusCode, 200, taken.body);
});

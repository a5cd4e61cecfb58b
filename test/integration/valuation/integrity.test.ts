// Valuation integrity through the API: the method the valuer adopts is the method valued, and the law
// is read on the transaction date. Expected figures are worked by hand in the tests.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { CAPM_LOCK as BASE, fixture, lock, sourced, status, valuationOf } from '../../helpers/engagements.js';
import { lockedAndValued, twoYearsEarlier, withFinancials as made } from '../../helpers/engagements.js';
import { recalculatedWorkpapers } from '../../helpers/workbook.js';
import { ccpsRound } from '../../fixtures/market-evidence.js';
import { withCcps } from '../../fixtures/shareholding.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const WHY = 'The issuer adopts the DCF under Rule 11UA(2)(b), by a merchant banker.';

const withFinancials = (body: Record<string, unknown>, document: unknown) => made(t, bearer, body, sourced(document));

test('DCF adopted at 100 % with projections starting in a year already ended: the lock is 409 inputs_incomplete naming /projections, and nothing is stored', async () => {
  // Balance sheet of 31 March 2024, projections FY2025–FY2029, valued on 31 March 2026: FY2025 has ended.
  const document = twoYearsEarlier(fixture('sample-company.json'));
  const e = await withFinancials(
    { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
    document,
  );
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  const res = await lock(t, bearer, e.id, { ...BASE, methodWeights: { DCF: 100 }, weightsRationale: WHY });
  assert.equal(res.statusCode, 409, res.body);
  assert.equal(res.json().code, 'inputs_incomplete');
  assert.deepEqual(
    res.json().errors.map((x: { path: string }) => x.path),
    ['/projections'],
  );
  assert.match(res.json().errors[0].message, /FY2025, ends on 2025-03-31, before the valuation date 2026-03-31/);
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/assumptions`, headers: bearer })).json()
      .locked,
    false,
  );
  const valuation = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${e.id}/valuation`,
    headers: bearer,
  });
  assert.equal(valuation.statusCode, 409, 'no valuation is stored');
  // NAV adopted: the lock is accepted and the DCF, shown for information only, is left out with a warning.
  const nav = await lock(t, bearer, e.id, { ...BASE, methodWeights: { NAV_11UA_2A: 100 }, weightsRationale: WHY });
  assert.equal(nav.statusCode, 200, nav.body);
});

test('an issue made on 10-4-2025 and valued on 25-3-2025: the valuation carries no s.56(2)(viib) ceiling and its price test is not applied', async () => {
  // Balance sheet of 31 March 2024, projections from FY2025, the year that holds the valuation date.
  const document = twoYearsEarlier(fixture('sample-company.json'));
  const e = await withFinancials(
    {
      statute: 'RULE_11UA',
      purpose: 'ISSUE_OF_SHARES',
      valuationDate: '2025-03-25',
      transactionDate: '2025-04-10',
      proposedPricePerShare: '110.00',
    },
    document,
  );
  await lockedAndValued(t, bearer, e.id, BASE);
  const v = await valuationOf(t, bearer, e.id);
  assert.equal(v.conclusion.valuePerShare, '94.30'); // (A − L) × PV / PE = 943 lakhs / 10,00,000 shares
  assert.equal(v.conclusion.floorOrCeiling, undefined);
  assert.ok(v.warnings.some((w: { code: string }) => w.code === 'S56_2_VIIB_NOT_APPLICABLE'));
  assert.equal(v.compliance.tests[0].applies, false);
});

test('a valuation date after the balance sheet: the warning without the figures at that date, the rolled-forward bridge with them (hand figures)', async () => {
  // Hand computation in test/unit/valuation/integrity.test.ts (python decimal): EV ₹33,63,87,300.4165…;
  // − 420 + 180 + 20 lakhs → 314.3873004… → 314.39; − 390 + 210 + 20 lakhs → 320.3873004… → 320.39.
  const dcfOf = async (document: unknown) => {
    const e = await withFinancials(
      { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, valuationDate: '2026-10-31' },
      document,
    );
    await lockedAndValued(t, bearer, e.id, BASE);
    const v = await valuationOf(t, bearer, e.id);
    return { v, dcf: v.methods.find((m: { method: string }) => m.method === 'DCF') };
  };
  const plain = await dcfOf(fixture('sample-company.json'));
  assert.equal(plain.dcf.enterpriseValue, '336387300.42');
  assert.equal(plain.dcf.valuePerShare, '314.39');
  assert.ok(
    plain.v.warnings.some(
      (w: { code: string; message: string }) =>
        w.code === 'NET_DEBT_NOT_ROLLED_FORWARD' && /elapsed 214\/365/.test(w.message),
    ),
  );
  const rolled = await dcfOf({
    ...fixture('sample-company.json'),
    equityBridge: { cashAtValuationDate: 210, debtAtValuationDate: 390 },
  });
  assert.equal(rolled.dcf.equityValue, '320387300.42');
  assert.equal(rolled.dcf.valuePerShare, '320.39');
  assert.ok(!rolled.v.warnings.some((w: { code: string }) => w.code === 'NET_DEBT_NOT_ROLLED_FORWARD'));
});

test('discounts per method through the API and the workpapers: the round and the peers are not discounted twice (hand figure 249.68)', async () => {
  const doc = fixture('sample-company.json');
  doc.peers = [{ name: 'Omicron Castings Ltd', priceToBook: 2 }];
  doc.transactions = [{ deal: 'Lambda Auto acquires Kappa Castings', date: '2025-11-15', evToEbitda: 10 }];
  doc.recentRound = ccpsRound('The CCPS carry a 1x liquidation preference.');
  const e = await withFinancials(
    { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, valuationDate: '2026-03-31' },
    doc,
  );
  await lockedAndValued(t, bearer, e.id, {
    ...BASE,
    methodWeights: { DCF: 0, NAV: 0, TRANSACTIONS: 50, COMPARABLES: 25, RECENT_ROUND: 25 },
    weightsRationale: 'Market evidence only: the deals, the listed peers and the round.',
    dlocPercent: 10,
    dlocRationale: 'A 26 % minority stake cannot direct the board or a sale.',
    dlomPercent: 20,
    dlomRationale: 'Unlisted shares with no exit route within five years.',
  });
  const v = await valuationOf(t, bearer, e.id);
  // 0.5 × 398 × 0.9 × 0.8 + 0.25 × 190 × 0.8 + 0.25 × 273.60 = 143.28 + 38 + 68.40 = 249.68 (test/unit/valuation/integrity.test.ts).
  assert.equal(v.conclusion.valuePerShare, '249.68');
  assert.deepEqual(
    v.conclusion.discountsByMethod
      .filter((m: { weightPercent: string }) => m.weightPercent !== '0')
      .map((m: { method: string; controlDiscountApplies: boolean; marketabilityDiscountApplies: boolean }) => [
        m.method,
        m.controlDiscountApplies,
        m.marketabilityDiscountApplies,
      ]),
    [
      ['COMPARABLES', false, true],
      ['TRANSACTIONS', true, true],
      ['RECENT_ROUND', false, false],
    ],
  );
  const wb = await recalculatedWorkpapers(t, bearer, e.id);
  assert.equal(Number(wb.value('ValuePerShare_Concluded')).toFixed(2), '249.68');
});

test('CCPS presented in other equity: without presentedIn the lock is 409 naming both figures; with OTHER_EQUITY no add-back (hand figure 290.91)', async () => {
  const doc = (presentedIn?: string) => ({
    ...fixture('sample-company.json'),
    shareholding: withCcps(presentedIn),
  });
  const weights = {
    ...BASE,
    methodWeights: { DCF: 100, NAV: 0 },
    weightsRationale: 'The income approach alone for this going concern.',
  };
  const e = await withFinancials(
    { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, valuationDate: '2026-03-31' },
    doc(),
  );
  const refused = await lock(t, bearer, e.id, weights);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'inputs_incomplete');
  assert.deepEqual(
    refused.json().errors.map((x: { path: string }) => x.path),
    ['/shareholding'],
  );
  assert.match(
    refused.json().errors[0].message,
    /come to ₹20,00,000\.00 \(number × face value\), but the balance sheet's preferenceShareCapital is ₹0\.00/,
  );
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  const ok = await withFinancials(
    { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, valuationDate: '2026-03-31' },
    doc('OTHER_EQUITY'),
  );
  await lockedAndValued(t, bearer, ok.id, weights);
  const v = await valuationOf(t, bearer, ok.id);
  // ₹30,25,47,040.5722875885… / 10,40,000 shares = 290.9106159… (test/unit/valuation/integrity.test.ts).
  assert.equal(v.conclusion.valuePerShare, '290.91');
});

test("peers' trailing multiples without the company's trailing metric: the lock is 409 naming it; with the trailing metric, the deal multiple applies to it (hand figure)", async () => {
  const doc = fixture('sample-company.json');
  doc.peers = [
    { name: 'Alpha Ltd', evToEbitda: 8, basis: 'TRAILING' },
    { name: 'Gamma Ltd', evToEbitda: 12, basis: 'TRAILING' },
  ];
  const weights = {
    ...BASE,
    methodWeights: { DCF: 0, NAV: 0, COMPARABLES: 100 },
    weightsRationale: 'Listed peers alone, the market approach the board asked for.',
  };
  const e = await withFinancials(
    { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, valuationDate: '2026-03-31' },
    doc,
  );
  const refused = await lock(t, bearer, e.id, weights);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.deepEqual(
    refused.json().errors.map((x: { path: string }) => x.path),
    ['/comparableMetrics/ebitda'],
  );
  // With the trailing EBITDA of 400 lakhs: median (8 + 12) / 2 = 10; 10 × 400 − 300 − 120 + 180 + 20 = 3780 lakhs → 378.00.
  const ok = await withFinancials(
    { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined, valuationDate: '2026-03-31' },
    { ...doc, comparableMetrics: { ebitda: 400 } },
  );
  await lockedAndValued(t, bearer, ok.id, weights);
  const v = await valuationOf(t, bearer, ok.id);
  assert.equal(v.conclusion.valuePerShare, '378.00');
});

// Every refusal of the lock the documents describe (README, docs/valuation-method.md, the lock's description in
// the OpenAPI document), walked through the API: the code, the status and the field named are the ones promised,
// whether the schema refuses the body or the service (or the engine, on the lock's proof) refuses what it means;
// and nothing is locked by any of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { CAPM_LOCK, fixture, lock, sourced, withFinancials } from '../../helpers/engagements.js';
import { DLOM_WHY, WEIGHTS_WHY } from '../../fixtures/judgement.js';
import { BUILD_UP } from '../../fixtures/cost-of-capital.js';
import { ERROR_CATALOGUE } from '../../../src/contract/errors.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const S62 = { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined };
const W = (methodWeights: Record<string, number>) => ({ methodWeights, weightsRationale: WEIGHTS_WHY });
const MA_WHY = 'Smaller and less liquid than every listed peer.';

/** [what, extra lock body, status, code, paths named] */
const ON_S62: [string, Record<string, unknown>, number, string, string[]][] = [
  ['weights not adding to 100', W({ DCF: 60, NAV: 30 }), 400, 'invalid_weights', ['/methodWeights']],
  ['a weight above 100', W({ DCF: 150 }), 400, 'invalid_weights', ['/methodWeights/DCF']],
  [
    'a weight with 3 decimals',
    W({ DCF: 50.125, NAV: 49.875 }),
    400,
    'invalid_weights',
    ['/methodWeights/DCF', '/methodWeights/NAV'],
  ],
  [
    'a method the statute does not produce',
    W({ DCF: 50, NAV_11UA_2A: 50 }),
    400,
    'invalid_weights',
    ['/methodWeights/NAV_11UA_2A'],
  ],
  [
    'comparables without peers',
    W({ DCF: 50, COMPARABLES: 50 }),
    400,
    'invalid_weights',
    ['/methodWeights/COMPARABLES'],
  ],
  [
    'a recent round the financials do not give',
    W({ DCF: 50, RECENT_ROUND: 50 }),
    400,
    'invalid_weights',
    ['/methodWeights/RECENT_ROUND'],
  ],
  [
    'deals the financials do not give',
    W({ DCF: 50, TRANSACTIONS: 50 }),
    400,
    'invalid_weights',
    ['/methodWeights/TRANSACTIONS'],
  ],
  ['weights without their rationale', { methodWeights: { DCF: 100 } }, 400, 'missing_rationale', ['/weightsRationale']],
  [
    'a rationale too short',
    { methodWeights: { DCF: 100 }, weightsRationale: 'as discussed' },
    400,
    'missing_rationale',
    ['/weightsRationale'],
  ],
  ['a DLOM above 50', { dlomPercent: 60, dlomRationale: DLOM_WHY }, 400, 'invalid_discount', ['/dlomPercent']],
  ['a negative DLOC', { dlocPercent: -5, dlocRationale: DLOM_WHY }, 400, 'invalid_discount', ['/dlocPercent']],
  [
    'a DLOM with 3 decimals',
    { dlomPercent: 10.125, dlomRationale: DLOM_WHY },
    400,
    'invalid_discount',
    ['/dlomPercent'],
  ],
  ['a DLOM rationale without the percent', { dlomRationale: DLOM_WHY }, 400, 'invalid_discount', ['/dlomRationale']],
  ['a DLOM without its rationale', { dlomPercent: 10 }, 400, 'missing_rationale', ['/dlomRationale']],
  [
    'a percentile outside 25–75',
    { marketApproach: { statistic: 'PERCENTILE', percentile: 90 } },
    400,
    'invalid_market_approach',
    ['/marketApproach/percentile'],
  ],
  [
    'PERCENTILE without a percentile',
    { marketApproach: { statistic: 'PERCENTILE' } },
    400,
    'invalid_market_approach',
    ['/marketApproach/percentile'],
  ],
  [
    'no multiple named',
    { marketApproach: { multiples: [] } },
    400,
    'invalid_market_approach',
    ['/marketApproach/multiples'],
  ],
  [
    'a multiple not known',
    { marketApproach: { multiples: ['evToSales'] } },
    400,
    'invalid_market_approach',
    ['/marketApproach/multiples/0'],
  ],
  [
    'a discount to the peers above 50',
    { marketApproach: { discountPercent: 55, discountRationale: MA_WHY } },
    400,
    'invalid_market_approach',
    ['/marketApproach/discountPercent'],
  ],
  [
    'a discount to the peers without its reason',
    { marketApproach: { discountPercent: 10 } },
    400,
    'missing_rationale',
    ['/marketApproach/discountRationale'],
  ],
  [
    'a discount for the control premium in the deals without its reason',
    { marketApproach: { transactionControlDiscountPercent: 20 } },
    400,
    'missing_rationale',
    ['/marketApproach/transactionControlDiscountRationale'],
  ],
  [
    'a discount for the control premium in the deals above 50',
    { marketApproach: { transactionControlDiscountPercent: 55, transactionControlDiscountRationale: MA_WHY } },
    400,
    'invalid_market_approach',
    ['/marketApproach/transactionControlDiscountPercent'],
  ],
  ['a WACC its build-up does not give', { costOfCapital: BUILD_UP }, 400, 'wacc_mismatch', ['/wacc']],
  [
    'a spread below 1 percentage point',
    { wacc: 12, terminalGrowthRate: 11.9999 },
    400,
    'validation_failed',
    ['/terminalGrowthRate'],
  ],
  ['growth not below WACC', { wacc: 10, terminalGrowthRate: 10 }, 400, 'validation_failed', ['/terminalGrowthRate']],
];

test('every documented refusal of the lock answers its code, status and field; nothing is locked', async () => {
  const e = await withFinancials(t, bearer, S62, sourced(fixture('sample-company.json')));
  for (const [what, extra, status, code, paths] of ON_S62) {
    const res = await lock(t, bearer, e.id, { ...CAPM_LOCK, ...extra });
    assert.equal(res.statusCode, status, `${what}: ${res.body}`);
    assert.equal(res.json().code, code, `${what}: ${res.body}`);
    assert.equal(
      ERROR_CATALOGUE[code as keyof typeof ERROR_CATALOGUE].status,
      status,
      `${what}: the catalogue's status`,
    );
    assert.deepEqual(
      res.json().errors.map((x: { path: string }) => x.path),
      paths,
      `${what}: ${res.body}`,
    );
  }
  const got = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: bearer });
  assert.equal(got.json().assumptionsLocked, false);
  assert.equal(got.json().status, 'DATA_READY');
});

test('a discount on a prescribed formula is 400 discount_not_permitted naming the field', async () => {
  const e = await withFinancials(
    t,
    bearer,
    { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' },
    sourced(fixture('sample-company.json')),
  );
  const res = await lock(t, bearer, e.id, { ...CAPM_LOCK, dlomPercent: 10, dlomRationale: DLOM_WHY });
  assert.equal(res.statusCode, 400, res.body);
  assert.equal(res.json().code, 'discount_not_permitted');
  assert.deepEqual(
    res.json().errors.map((x: { path: string }) => x.path),
    ['/dlomPercent'],
  );
});

test("peers of mixed bases: 409 inputs_incomplete naming the odd peer's basis, once", async () => {
  const doc = fixture('sample-company.json');
  doc.peers = [
    { name: 'Alpha Ltd', evToEbitda: 8, evToRevenue: 1.2, basis: 'TRAILING' },
    { name: 'Gamma Ltd', evToEbitda: 12, evToRevenue: 1.6, basis: 'TRAILING' },
    { name: 'Delta Ltd', evToEbitda: 15, evToRevenue: 2.1, basis: 'FORWARD' },
  ];
  doc.comparableMetrics = { ebitda: 400, revenue: 2000 };
  const e = await withFinancials(t, bearer, S62, sourced(doc));
  const res = await lock(t, bearer, e.id, { ...CAPM_LOCK, ...W({ DCF: 50, COMPARABLES: 50 }) });
  assert.equal(res.statusCode, 409, res.body);
  assert.equal(res.json().code, 'inputs_incomplete');
  assert.deepEqual(
    res.json().errors.map((x: { path: string }) => x.path),
    ['/peers/2/basis'],
  );
  assert.match(res.json().errors[0].message, /\/peers\/0 is TRAILING, \/peers\/2 FORWARD/);
});

test('every code the documents give a lock refusal is in the catalogue and declared by the lock', async () => {
  const lockRoute = readFileSync(
    new URL('../../../src/http/routes/v1/engagements/assumptions/lock.ts', import.meta.url),
    'utf8',
  );
  const docs = ['../../../README.md', '../../../docs/valuation-method.md'].map((p) =>
    readFileSync(new URL(p, import.meta.url), 'utf8'),
  );
  const named = new Set(
    docs.flatMap((d) =>
      [
        ...d.matchAll(
          /`(invalid_weights|invalid_discount|invalid_market_approach|missing_rationale|discount_not_permitted|wacc_mismatch|inputs_incomplete|source_missing)`/g,
        ),
      ].map((m) => m[1]),
    ),
  );
  assert.ok(named.size >= 6, [...named].join(', '));
  for (const code of named) {
    assert.ok(code in ERROR_CATALOGUE, code);
    assert.ok(lockRoute.includes(`'${code}'`), `the lock declares ${code}`);
  }
  // The engine's upper-case names are its own; the documents give the API's code beside each.
  for (const d of docs) assert.doesNotMatch(d, /is `INVALID_DISCOUNT` naming/);
});

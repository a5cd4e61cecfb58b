// The transaction decides the law (docs/statutes.md, The law in force): the three worked examples of
// test/unit/valuation/law-in-force.test.ts taken through the API to a signed FINAL report, whose text
// cites the provisions of the transaction's regime and none of the other's; the issue of shares from
// 1 April 2026 is refused at create and PATCH (400 no_provision_in_force).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/pdf.js';
import { IBC_RATES } from '../../helpers/signatories.js';
import { asUser, reviewTeam, type Session } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, upload, VALID_ASSUMPTIONS, sourced } from '../../helpers/engagements.js';
import { signedFinal } from '../../helpers/final-report.js';
import { estimatedClass } from '../../fixtures/liquidation.js';
import {
  RECEIPT_30_JUNE_2026,
  TRANSFER_1_APRIL_2026,
  TRANSFER_28_FEB_2026,
  type WorkedExample,
} from '../../fixtures/law-in-force.js';

let t: TestApp;
let admin: Session;
let valuer: Session;
let reviewer: Session;
before(async () => {
  t = await createTestApp();
  ({ admin, valuer, reviewer } = await reviewTeam(t, 'Law In Force Valuers LLP', 'Vani Valuer'));
});
after(() => t.close());

/** The sample company at the worked example's balance-sheet date, with its NAV adjustments (lakhs). */
function financials({ balanceSheetDate, adjustments }: WorkedExample) {
  const doc = fixture('sample-company.json');
  doc.balanceSheetDate = balanceSheetDate;
  const firstYear = Number(balanceSheetDate.slice(0, 4)) + (balanceSheetDate.slice(5) > '03-31' ? 2 : 1);
  doc.projections.forEach((p: { year: string }, i: number) => {
    p.year = `FY${firstYear + i}`;
  });
  Object.assign(doc.navAdjustments, adjustments);
  return doc;
}

/** The signed FINAL report of a receipt or transfer of the worked example on `date`, and the valuation it states. */
async function finalReport(date: string, example: WorkedExample) {
  const e = await createEngagement(t, asUser(valuer), {
    purpose: 'TRANSFER_OR_RECEIPT',
    valuationDate: date,
    transactionDate: date,
  });
  const doc = sourced(financials(example));
  assert.equal(
    (await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'financials.json', Buffer.from(JSON.stringify(doc))))
      .statusCode,
    201,
  );
  const locked = await lock(t, asUser(valuer), e.id, VALID_ASSUMPTIONS);
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  const pdf = await signedFinal(t, { admin, valuer, reviewer }, e.id);
  const valuation = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: asUser(valuer) })
  ).json();
  return {
    text: pdfText(pdf),
    act: valuation.legalBasis.act,
    valuePerShare: valuation.conclusion.valuePerShare,
    methods: valuation.methods.map((m: { method: string }) => m.method),
  };
}

/** The report's text cites each of `cited` and none of `other`. */
function assertCites(text: string, cited: RegExp[], other: RegExp[]) {
  for (const c of cited) assert.match(text, c);
  for (const o of other) assert.doesNotMatch(text, o);
}

// What each regime's report may cite, and must not. s.536 of the 2025 Act is how a 1961 report says why.
const NEW_REGIME = [/92\(2\)\(m\)\(iii\)/, /section 79\b|s\.79\b/, /Rule 57/, /Rule 56/, /Income-tax Rules, 2026/];
const OLD_REGIME = [/11UA/, /Rule 11U\b/, /56\(2\)/, /50CA/, /Income-tax Rules, 1962/, /Income-tax Act, 1961/];

test('a receipt on 30 June 2026: the FINAL report cites s.92(2)(m)(iii) and Rule 57 (Table, Sl. No. 4), nothing of the 1961 Act', async () => {
  const r = await finalReport('2026-06-30', RECEIPT_30_JUNE_2026);
  assert.deepEqual([r.act, r.valuePerShare], ['INCOME_TAX_ACT_2025', '110.11']);
  assert.deepEqual(r.methods, ['NAV_RULE_57']);
  assertCites(
    r.text,
    [...NEW_REGIME, /Rule 57 \(Table, Sl\. No\. 4\) of the Income-tax Rules, 2026/, /Income-tax Act, 2025/, /₹110\.11/],
    OLD_REGIME,
  );
});

test('a transfer on 28 February 2026: the FINAL report cites Rule 11UA(1)(c)(b) and s.50CA of the 1961 Act and says why (s.536)', async () => {
  const r = await finalReport('2026-02-28', TRANSFER_28_FEB_2026);
  assert.deepEqual([r.act, r.valuePerShare], ['INCOME_TAX_ACT_1961', '101.03']);
  assertCites(
    r.text,
    [
      /11UA\(1\)\(c\)\(b\)/,
      /50CA/,
      /Income-tax Act, 1961/,
      /section 536\(2\) keeps the repealed Act for anything done in respect of any tax year beginning before 1 April 2026/,
      /₹101\.03/,
    ],
    NEW_REGIME,
  );
});

test('a transfer on 1 April 2026: the FINAL report cites s.79 and Rule 57, nothing of the 1961 Act', async () => {
  const r = await finalReport('2026-04-01', TRANSFER_1_APRIL_2026);
  assert.deepEqual([r.act, r.valuePerShare], ['INCOME_TAX_ACT_2025', '117.38']);
  assertCites(r.text, [...NEW_REGIME, /₹117\.38/], OLD_REGIME);
});

test("an issue of shares from 1 April 2026 is 400 no_provision_in_force at create and PATCH; the lock warns when the valuation date is not the transaction's", async () => {
  const create = (body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/engagements',
      headers: asUser(valuer),
      payload: { targetEntity: 'Issuer Pvt Ltd', statute: 'RULE_11UA', ...body },
    });
  const refused = await create({ purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-06-30' });
  assert.equal(refused.statusCode, 400);
  assert.equal(refused.json().code, 'no_provision_in_force');
  assert.match(
    refused.json().detail,
    /no counterpart of section 56\(2\)\(viib\).*no discounted cash flow alternative.*section 92\(2\)\(m\).*TRANSFER_OR_RECEIPT.*COMPANIES_ACT_SEC_62.*FEMA_RBI/,
  );
  // Valued as at 31 March 2026 for an issue on 15 April 2026: the transaction date decides.
  assert.equal(
    (await create({ purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31', transactionDate: '2026-04-15' })).json()
      .code,
    'no_provision_in_force',
  );
  const old = await create({ purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' });
  assert.equal(old.statusCode, 201, old.body);
  assert.equal(old.json().transactionDate, '2026-03-31');
  const patch = (body: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/engagements/${old.json().id}`,
      headers: asUser(valuer),
      payload: body,
    });
  assert.equal((await patch({ transactionDate: '2026-04-01' })).json().code, 'no_provision_in_force');
  const receipt = await create({ purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' });
  assert.equal(
    (
      await t.app.inject({
        method: 'PATCH',
        url: `/api/v1/engagements/${receipt.json().id}`,
        headers: asUser(valuer),
        payload: { purpose: 'ISSUE_OF_SHARES', transactionDate: '2026-05-01' },
      })
    ).json().code,
    'no_provision_in_force',
  );
  // A receipt valued as at another date: the lock response names the rule.
  const moved = await t.app.inject({
    method: 'PATCH',
    url: `/api/v1/engagements/${receipt.json().id}`,
    headers: asUser(valuer),
    payload: { transactionDate: '2026-04-10' },
  });
  assert.equal(moved.statusCode, 200, moved.body);
  assert.equal(moved.json().transactionDate, '2026-04-10');
  const up = await upload(
    t,
    asUser(valuer),
    receipt.json().id,
    'FINANCIALS',
    'financials.json',
    Buffer.from(JSON.stringify(fixture('sample-company.json'))),
  );
  assert.equal(up.statusCode, 201);
  const locked = await lock(t, asUser(valuer), receipt.json().id, VALID_ASSUMPTIONS);
  assert.equal(locked.statusCode, 200, locked.body);
  const warning = locked
    .json()
    .warnings.find((w: { code: string }) => w.code === 'VALUATION_DATE_NOT_TRANSACTION_DATE');
  assert.match(warning.message, /Rule 56 of the Income-tax Rules, 2026 defines the valuation date/);
});

test('IBC in liquidation: the report cites the Liquidation Process Regulations by name, shows the realisable value in total and no value per share', async () => {
  const doc = fixture('sample-company.json');
  doc.liquidation = {
    assets: [
      estimatedClass('LAND_AND_BUILDING', 400, ['RV-A', 0, 400], ['RV-B', 0, 300]),
      { assetClass: 'PLANT_AND_MACHINERY', bookValue: 300, liquidationValue: 175.01, fairValue: 0 },
    ],
    liquidationCosts: 20,
    // The liquidator appointed the firm for these two classes: every other asset line is excluded, with the reason.
    reconciliation: [
      ...['intangibleAssets', 'nonCurrentInvestments', 'longTermLoansAndAdvances', 'otherNonCurrentAssets'],
      ...['currentInvestments', 'inventories', 'tradeReceivables', 'cashAndCashEquivalents'],
      ...['shortTermLoansAndAdvances', 'otherCurrentAssets'],
    ].map((item) => ({ item, excludedReason: 'Valued by the other registered valuers the liquidator appointed' })),
  };
  const e = await createEngagement(t, asUser(valuer), {
    statute: 'IBC_LIQUIDATION',
    purpose: 'LIQUIDATION_REALISABLE_VALUE',
  });
  assert.equal(
    (await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'financials.json', Buffer.from(JSON.stringify(sourced(doc)))))
      .statusCode,
    201,
  );
  assert.equal((await lock(t, asUser(valuer), e.id, IBC_RATES)).statusCode, 200);
  await t.worker.drain();
  await t.worker.drain();
  const v = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: asUser(valuer) })
  ).json();
  // (400 + 300) / 2 = 350 lakhs, the liquidator's computation; + 175.01 = 525.01 lakhs in total.
  assert.equal(v.conclusion.liquidationValue.totalValue, '52501000.00');
  assert.deepEqual(v.legalBasis.rules, [
    'Insolvency and Bankruptcy Board of India (Liquidation Process) Regulations, 2016, Reg 35',
  ]);
  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: asUser(valuer) });
  assert.equal(pdf.statusCode, 200, pdf.body);
  const text = pdfText(pdf.rawPayload);
  assert.match(
    text,
    /Regulation 35 of the Insolvency and Bankruptcy Board of India \(Liquidation Process\) Regulations, 2016/,
  );
  assert.match(
    text,
    /(Total value of the assets Realisable value|Realisable value Total value of the assets) ₹5,25,01,000\.00/,
  );
  assert.match(text, /the liquidator's computation/);
  assert.doesNotMatch(text, /Insolvency Resolution Process for Corporate Persons/);
  assert.doesNotMatch(text, /per (equity )?share \(₹\)/i);
  assert.doesNotMatch(text, /Weighted average cost of capital/);
});

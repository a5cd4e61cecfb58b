// Signatories: GATE_3 refused per statute for an approver without the registration the statute requires, allowed once
// they hold it; who may sign from GATE_1 on; a payment order only once someone in the firm can sign.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { addMember, adminApp, asUser, patchMe, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, engagementAtGate1, lock, VALID_ASSUMPTIONS } from '../../helpers/engagements.js';
import { atGate3 } from '../../helpers/signatories.js';
import { orderPayment } from '../../helpers/payments.js';

let t: TestApp, admin: Session;
adminApp((s) => ({ t, admin } = s), { firm: 'Credential Checkers LLP', qualified: false });

test('GATE_3 per statute: 409 signatory_not_qualified naming the rule, then allowed with the right registration', async () => {
  const valuer = await addMember(t, admin, 'VALUER');
  const second = await addMember(t, admin, 'VALUER');
  const cases: {
    body: Record<string, unknown>;
    lockBody?: Record<string, unknown>;
    wrong: unknown[];
    right: unknown[];
    rule: RegExp;
    udin?: string;
  }[] = [
    {
      // A cost accountant (ICMAI) may certify a FEMA valuation, not a preferential allotment's price.
      body: { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined },
      wrong: [
        { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'LAND_AND_BUILDING' },
        { type: 'ICAI_MEMBERSHIP', number: '123456' },
        { type: 'ICMAI_MEMBERSHIP', number: '12345' },
      ],
      right: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }],
      rule: /s\.62.*registered valuer \(Securities or Financial Assets\)/,
    },
    {
      // The conclusion adopts the DCF (weight 100): Rule 11UA(2)(b) wants a merchant banker.
      // An issue on 31 March 2026, under the Income-tax Act, 1961 (from 1 April 2026 no provision taxes an issue).
      body: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
      lockBody: {
        ...VALID_ASSUMPTIONS,
        methodWeights: { DCF: 100 },
        weightsRationale: 'The issuer chooses the DCF under Rule 11UA(2)(b) for this issue.',
      },
      wrong: [
        { type: 'ICAI_MEMBERSHIP', number: '123456' },
        { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
      ],
      right: [{ type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' }],
      rule: /11UA\(2\)\(b\).*merchant banker/,
    },
    {
      // Projections were uploaded, but the conclusion adopts NAV only: a chartered accountant signs.
      body: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
      lockBody: {
        ...VALID_ASSUMPTIONS,
        methodWeights: { NAV_11UA_2A: 100 },
        weightsRationale: 'The issuer values the issue on the Rule 11UA(2)(a) net asset value.',
      },
      wrong: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }],
      right: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }],
      rule: /11UA \(NAV\).*chartered accountant/,
      udin: '26123456ABCDE12345',
    },
    {
      // A receipt or transfer from 1 April 2026, with projections uploaded: Rule 57 has no DCF, so a chartered accountant signs.
      body: { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-06-30' },
      wrong: [
        { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
        { type: 'ICMAI_MEMBERSHIP', number: '12345' },
      ],
      right: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }],
      rule: /Income-tax Rules, 2026, Rule 57 \(Table, Sl\. No\. 4\).*chartered accountant/,
      udin: '26123456ABCDE12346',
    },
    {
      // IBC: each asset class by a valuer registered for it (the fixture holds land and building, and other assets).
      body: { statute: 'IBC_LIQUIDATION', purpose: undefined },
      wrong: [
        { type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' },
        { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'PLANT_AND_MACHINERY' },
      ],
      right: [
        { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12346', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
        { type: 'IBBI_RV', number: 'IBBI/RV/01/2019/12347', assetClass: 'LAND_AND_BUILDING' },
      ],
      rule: /Land and Building estimate must be signed by a valuer registered with IBBI for Land and Building/,
    },
    {
      body: { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' },
      wrong: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }],
      right: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }],
      rule: /rule 21.*chartered accountant/,
      udin: '26123456ABCDE12347',
    },
    {
      // NDI Rule 21(2)(a): a practising cost accountant certifies; no UDIN is asked of them.
      body: { statute: 'FEMA_RBI', purpose: 'TRANSFER_RESIDENT_TO_NON_RESIDENT' },
      wrong: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }],
      right: [{ type: 'ICMAI_MEMBERSHIP', number: '12345' }],
      rule: /rule 21.*practising cost accountant \(ICMAI membership\)/,
    },
  ];
  for (const c of cases) {
    const id = await atGate3(t, c.body, valuer, second, c.lockBody);
    assert.equal((await patchMe(t, admin, { registrations: c.wrong })).statusCode, 200);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${id}/gates/GATE_3/approve`,
      headers: asUser(admin),
      payload: { place: 'Mumbai' },
    });
    assert.equal(refused.statusCode, 409, `${c.body.statute}: ${refused.body}`);
    assert.equal(refused.json().code, 'signatory_not_qualified');
    assert.match(refused.json().detail, c.rule);
    const still = (
      await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })
    ).json();
    assert.equal(still.status, 'GATE_3', 'a refused sign-off changes nothing');
    assert.equal((await patchMe(t, admin, { registrations: [...c.wrong, ...c.right] })).statusCode, 200);
    const signed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${id}/gates/GATE_3/approve`,
      headers: asUser(admin),
      payload: { place: 'Mumbai', ...(c.udin ? { udin: c.udin } : {}) },
    });
    assert.equal(signed.statusCode, 200, `${c.body.statute}: ${signed.body}`);
    assert.equal(signed.json().status, 'COMPLETED');
  }
});

test('from GATE_1 the engagement says who may sign; a payment order in a firm nobody can sign for is 409 before any money moves', async () => {
  const lonely = await signupAdmin(t, 'Nobody Signs LLP');
  assert.equal((await patchMe(t, lonely, { registrations: [] })).statusCode, 200);
  const valuer = await addMember(t, lonely, 'VALUER');
  const e = await engagementAtGate1(t, asUser(valuer), { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  const got = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: asUser(valuer) })
  ).json();
  assert.match(got.signatory.rule, /s\.62/);
  assert.deepEqual(got.signatory.qualifiedMembers, []);
  const refused = await orderPayment(t, asUser(valuer), e.id);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'no_qualified_signatory');
  assert.match(refused.json().detail, /registered valuer \(Securities or Financial Assets\)/);
  const payments = (await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers: asUser(valuer) })).json();
  assert.deepEqual(payments, [], 'no order was created');
  assert.equal(
    (
      await patchMe(t, lonely, {
        registrations: [
          { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
        ],
      })
    ).statusCode,
    200,
  );
  const now = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: asUser(valuer) })
  ).json();
  assert.equal(now.signatory.qualifiedMembers.length, 1);
  assert.equal((await orderPayment(t, asUser(valuer), e.id)).statusCode, 200);
});

test('before the computation, a payment order follows the methods the locked weights adopt: a Rule 11UA issue on DCF needs a merchant banker', async () => {
  const caOnly = await signupAdmin(t, 'Chartered Only LLP');
  assert.equal(
    (await patchMe(t, caOnly, { registrations: [{ type: 'ICAI_MEMBERSHIP', number: '654321' }] })).statusCode,
    200,
  );
  const valuer = await addMember(t, caOnly, 'VALUER');
  const pay = (id: string) => orderPayment(t, asUser(valuer), id);
  // NAV (the default for an issue on 31 March 2026): the chartered accountant may sign, so the order is made.
  const nav = await createEngagement(t, asUser(valuer), {
    statute: 'RULE_11UA',
    purpose: 'ISSUE_OF_SHARES',
    valuationDate: '2026-03-31',
  });
  assert.equal((await pay(nav.id)).statusCode, 200);
  // The issuer adopts the DCF under Rule 11UA(2)(b) in the locked weights: nobody in the firm may sign it.
  const dcf = await createEngagement(t, asUser(valuer), {
    statute: 'RULE_11UA',
    purpose: 'ISSUE_OF_SHARES',
    valuationDate: '2026-03-31',
  });
  const locked = await lock(t, asUser(valuer), dcf.id, {
    ...VALID_ASSUMPTIONS,
    methodWeights: { DCF: 100 },
    weightsRationale: 'The issuer chooses the DCF under Rule 11UA(2)(b) for this issue.',
  });
  assert.equal(locked.statusCode, 200, locked.body);
  const refused = await pay(dcf.id);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'no_qualified_signatory');
  assert.match(refused.json().detail, /11UA\(2\)\(b\).*merchant banker/);
});

// Signatory credentials: profile and firm profile formats, and GATE_3 refused per statute for an
// approver without the registration the statute requires, allowed once they hold it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { addMember, asToken, asUser, createToken, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, engagementAtGate1, fixture, lock, upload, VALID_ASSUMPTIONS } from '../../helpers/engagements.js';
import { setPaymentStatus } from '../../../src/db/repositories/engagements.js';
import { pdfText } from '../../helpers/pdf.js';

let t: TestApp;
let admin: Session;
before(async () => {
  t = await createTestApp();
  admin = await signupAdmin(t, 'Credential Checkers LLP', { qualified: false });
});
after(() => t.close());

const patchMe = (s: Session, payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers: asUser(s), payload: payload as object });

test('registration numbers: each format accepted when right and refused with a pointer when wrong', async () => {
  const good = [
    { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS', rvo: 'ICAI RVO' },
    { type: 'IBBI_RV', number: 'ibbi/rv/11/2023/00042', assetClass: 'LAND_AND_BUILDING' },
    { type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' },
    { type: 'ICAI_MEMBERSHIP', number: '123456' },
    { type: 'ICMAI_MEMBERSHIP', number: '34567' },
  ];
  const ok = await patchMe(admin, { name: 'Asha Kapoor', designation: 'Partner', registrations: good });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().profile.registrations[1].number, 'IBBI/RV/11/2023/00042', 'stored upper-case');
  assert.equal(ok.json().profile.designation, 'Partner');
  const bad: [unknown, string][] = [
    [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/1234', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }, '/registrations/0/number'],
    [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2010/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }, '/registrations/0/number'],
    [{ type: 'IBBI_RV', number: 'IBBI/RV-E/03/2019/123', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }, '/registrations/0/number'],
    [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SHARES' }, '/registrations/0/assetClass'],
    [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345' }, '/registrations/0/assetClass'],
    [{ type: 'SEBI_MERCHANT_BANKER', number: 'INM00012345' }, '/registrations/0/number'],
    [{ type: 'SEBI_MERCHANT_BANKER', number: 'INB000012345' }, '/registrations/0/number'],
    [{ type: 'ICAI_MEMBERSHIP', number: '12345' }, '/registrations/0/number'],
    [{ type: 'ICAI_MEMBERSHIP', number: '12345a' }, '/registrations/0/number'],
    [{ type: 'ICAI_MEMBERSHIP', number: '123456', assetClass: 'LAND_AND_BUILDING' }, '/registrations/0'],
    [{ type: 'ICMAI_MEMBERSHIP', number: '12' }, '/registrations/0/number'],
    [{ type: 'ICMAI_MEMBERSHIP', number: '1234567' }, '/registrations/0/number'],
    [{ type: 'ICMAI_MEMBERSHIP', number: 'C12345' }, '/registrations/0/number'],
  ];
  for (const [registration, pointer] of bad) {
    const res = await patchMe(admin, { registrations: [registration] });
    assert.equal(res.statusCode, 400, JSON.stringify(registration));
    assert.ok(res.json().errors.some((e: { path: string }) => e.path.startsWith(pointer)), `${JSON.stringify(registration)} → ${JSON.stringify(res.json().errors)}`);
  }
  // A refused PATCH changed nothing.
  const me = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(admin) })).json();
  assert.equal(me.profile.registrations.length, 5);
  // Tokens have no profile.
  const token = await createToken(t, admin);
  assert.equal((await t.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers: asToken(token.token), payload: { name: 'x' } })).statusCode, 403);
  await patchMe(admin, { registrations: [] });
});

test('firm profile: legal name, address and IBBI entity registration; ADMIN only; other firms never see it', async () => {
  const get = (s: Session) => t.app.inject({ method: 'GET', url: '/api/v1/settings/firm', headers: asUser(s) });
  const patch = (s: Session, payload: object) => t.app.inject({ method: 'PATCH', url: '/api/v1/settings/firm', headers: asUser(s), payload });
  assert.equal((await get(admin)).json().legalName, 'Credential Checkers LLP');
  const ok = await patch(admin, { legalName: 'Credential Checkers LLP (Regd.)', address: '12 MG Road, Bengaluru 560001', ibbiRegistration: 'IBBI/RV-E/02/2020/123' });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().ibbiRegistration, 'IBBI/RV-E/02/2020/123');
  const bad = await patch(admin, { ibbiRegistration: 'IBBI/RV/02/2020/12345' });
  assert.equal(bad.statusCode, 400);
  assert.equal(bad.json().errors[0].path, '/ibbiRegistration');
  const valuer = await addMember(t, admin, 'VALUER');
  assert.equal((await get(valuer)).statusCode, 403);
  assert.equal((await patch(valuer, { legalName: 'Hijacked' })).statusCode, 403);
  const other = await signupAdmin(t, 'Someone Else LLP');
  assert.equal((await get(other)).json().legalName, 'Someone Else LLP');
  const cleared = await patch(admin, { ibbiRegistration: null });
  assert.equal(cleared.json().ibbiRegistration, null);
  assert.equal(cleared.json().address, '12 MG Road, Bengaluru 560001', 'fields not sent stay as they were');
});

async function atGate3(body: Record<string, unknown>, valuer: Session, second: Session, lockBody?: Record<string, unknown>): Promise<string> {
  const e = body.statute === 'IBC_LIQUIDATION' ? await ibcAtGate1(valuer, body) : lockBody ? await lockedWith(valuer, body, lockBody) : await engagementAtGate1(t, asUser(valuer), body);
  const gate = (g: string, s: Session) => t.app.inject({ method: 'POST', url: `/api/v1/engagements/${e.id}/gates/${g}/approve`, headers: asUser(s), payload: {} });
  assert.equal((await gate('GATE_1', valuer)).statusCode, 200);
  assert.equal((await gate('GATE_2', second)).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, valuer.firmId, e.id, 'PAID'));
  return e.id;
}

/** The sample company (projections included) locked with the given assumptions. */
async function lockedWith(valuer: Session, body: Record<string, unknown>, lockBody: Record<string, unknown>) {
  const e = await createEngagement(t, asUser(valuer), body);
  assert.equal((await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'financials.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))))).statusCode, 201);
  await t.worker.drain();
  const locked = await lock(t, asUser(valuer), e.id, lockBody);
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  return e;
}

/** IBC needs the valuers' asset values: the IBC fixture, no projections, rates unused. */
async function ibcAtGate1(valuer: Session, body: Record<string, unknown>) {
  const e = await createEngagement(t, asUser(valuer), body);
  assert.equal((await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'ibc.json', Buffer.from(JSON.stringify(fixture('ibc-shortfall.json'))))).statusCode, 201);
  await t.worker.drain();
  assert.equal((await lock(t, asUser(valuer), e.id, { wacc: 12, terminalGrowthRate: 4, rationale: 'Rates are not used by the IBC valuation at all.' })).statusCode, 200);
  await t.worker.drain();
  return e;
}

test('GATE_3 per statute: 409 signatory_not_qualified naming the rule, then allowed with the right registration', async () => {
  const valuer = await addMember(t, admin, 'VALUER');
  const second = await addMember(t, admin, 'VALUER');
  const cases: { body: Record<string, unknown>; lockBody?: Record<string, unknown>; wrong: unknown[]; right: unknown[]; rule: RegExp; udin?: string }[] = [
    {
      // A cost accountant (ICMAI) may certify a FEMA valuation, not a preferential allotment's price.
      body: { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined },
      wrong: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'LAND_AND_BUILDING' }, { type: 'ICAI_MEMBERSHIP', number: '123456' }, { type: 'ICMAI_MEMBERSHIP', number: '12345' }],
      right: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }],
      rule: /s\.62.*registered valuer \(Securities or Financial Assets\)/,
    },
    {
      // The conclusion adopts the DCF (weight 100): Rule 11UA(2)(b) wants a merchant banker.
      // An issue on 31 March 2026, under the Income-tax Act, 1961 (from 1 April 2026 no provision taxes an issue).
      body: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
      lockBody: { ...VALID_ASSUMPTIONS, methodWeights: { DCF: 100 }, weightsRationale: 'The issuer chooses the DCF under Rule 11UA(2)(b) for this issue.' },
      wrong: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }, { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }],
      right: [{ type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' }],
      rule: /11UA\(2\)\(b\).*merchant banker/,
    },
    {
      // Projections were uploaded, but the conclusion adopts NAV only: a chartered accountant signs.
      body: { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' },
      lockBody: { ...VALID_ASSUMPTIONS, methodWeights: { NAV_11UA_2A: 100 }, weightsRationale: 'The issuer values the issue on the Rule 11UA(2)(a) net asset value.' },
      wrong: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }],
      right: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }],
      rule: /11UA \(NAV\).*chartered accountant/,
      udin: '26123456ABCDE12345',
    },
    {
      // A receipt or transfer from 1 April 2026, with projections uploaded: Rule 57 has no DCF, so a chartered accountant signs.
      body: { statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-06-30' },
      wrong: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }, { type: 'ICMAI_MEMBERSHIP', number: '12345' }],
      right: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }],
      rule: /Income-tax Rules, 2026, Rule 57 \(Table, Sl\. No\. 4\).*chartered accountant/,
      udin: '26123456ABCDE12345',
    },
    {
      // IBC: each asset class by a valuer registered for it (the fixture holds land and building, and other assets).
      body: { statute: 'IBC_LIQUIDATION', purpose: undefined },
      wrong: [{ type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' }, { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'PLANT_AND_MACHINERY' }],
      right: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12346', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }, { type: 'IBBI_RV', number: 'IBBI/RV/01/2019/12347', assetClass: 'LAND_AND_BUILDING' }],
      rule: /Land and Building estimate must be signed by a valuer registered with IBBI for Land and Building/,
    },
    {
      body: { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' },
      wrong: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }],
      right: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }],
      rule: /rule 21.*chartered accountant/,
      udin: '26123456ABCDE12345',
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
    const id = await atGate3(c.body, valuer, second, c.lockBody);
    assert.equal((await patchMe(admin, { registrations: c.wrong })).statusCode, 200);
    const refused = await t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/GATE_3/approve`, headers: asUser(admin), payload: { place: 'Mumbai' } });
    assert.equal(refused.statusCode, 409, `${c.body.statute}: ${refused.body}`);
    assert.equal(refused.json().code, 'signatory_not_qualified');
    assert.match(refused.json().detail, c.rule);
    const still = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })).json();
    assert.equal(still.status, 'GATE_3', 'a refused sign-off changes nothing');
    assert.equal((await patchMe(admin, { registrations: [...c.wrong, ...c.right] })).statusCode, 200);
    const signed = await t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/GATE_3/approve`, headers: asUser(admin), payload: { place: 'Mumbai', ...(c.udin ? { udin: c.udin } : {}) } });
    assert.equal(signed.statusCode, 200, `${c.body.statute}: ${signed.body}`);
    assert.equal(signed.json().status, 'COMPLETED');
  }
});

test('from GATE_1 the engagement says who may sign; a payment order in a firm nobody can sign for is 409 before any money moves', async () => {
  const lonely = await signupAdmin(t, 'Nobody Signs LLP');
  assert.equal((await patchMe(lonely, { registrations: [] })).statusCode, 200);
  const valuer = await addMember(t, lonely, 'VALUER');
  const e = await engagementAtGate1(t, asUser(valuer), { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  const got = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: asUser(valuer) })).json();
  assert.match(got.signatory.rule, /s\.62/);
  assert.deepEqual(got.signatory.qualifiedMembers, []);
  const refused = await t.app.inject({ method: 'POST', url: '/api/v1/payments', headers: asUser(valuer), payload: { engagementId: e.id } });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'no_qualified_signatory');
  assert.match(refused.json().detail, /registered valuer \(Securities or Financial Assets\)/);
  const payments = (await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers: asUser(valuer) })).json();
  assert.deepEqual(payments, [], 'no order was created');
  assert.equal((await patchMe(lonely, { registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }] })).statusCode, 200);
  const now = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: asUser(valuer) })).json();
  assert.equal(now.signatory.qualifiedMembers.length, 1);
  assert.equal((await t.app.inject({ method: 'POST', url: '/api/v1/payments', headers: asUser(valuer), payload: { engagementId: e.id } })).statusCode, 200);
});

test('before the computation, a payment order follows the methods the locked weights adopt: a Rule 11UA issue on DCF needs a merchant banker', async () => {
  const caOnly = await signupAdmin(t, 'Chartered Only LLP');
  assert.equal((await patchMe(caOnly, { registrations: [{ type: 'ICAI_MEMBERSHIP', number: '654321' }] })).statusCode, 200);
  const valuer = await addMember(t, caOnly, 'VALUER');
  const pay = (id: string) => t.app.inject({ method: 'POST', url: '/api/v1/payments', headers: asUser(valuer), payload: { engagementId: id } });
  // NAV (the default for an issue on 31 March 2026): the chartered accountant may sign, so the order is made.
  const nav = await createEngagement(t, asUser(valuer), { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' });
  assert.equal((await pay(nav.id)).statusCode, 200);
  // The issuer adopts the DCF under Rule 11UA(2)(b) in the locked weights: nobody in the firm may sign it.
  const dcf = await createEngagement(t, asUser(valuer), { statute: 'RULE_11UA', purpose: 'ISSUE_OF_SHARES', valuationDate: '2026-03-31' });
  const locked = await lock(t, asUser(valuer), dcf.id, { ...VALID_ASSUMPTIONS, methodWeights: { DCF: 100 }, weightsRationale: 'The issuer chooses the DCF under Rule 11UA(2)(b) for this issue.' });
  assert.equal(locked.statusCode, 200, locked.body);
  const refused = await pay(dcf.id);
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'no_qualified_signatory');
  assert.match(refused.json().detail, /11UA\(2\)\(b\).*merchant banker/);
});

test('IBC: each asset class is signed by a valuer registered for that class; another class\'s valuer is refused; the report names each', async () => {
  const valuer = await addMember(t, admin, 'VALUER');
  const second = await addMember(t, admin, 'VALUER');
  const landValuer = await addMember(t, admin, 'VALUER', 'Lata Land Valuer');
  assert.equal((await patchMe(landValuer, { registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/01/2020/22222', assetClass: 'LAND_AND_BUILDING' }] })).statusCode, 200);
  assert.equal((await patchMe(admin, { registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/33333', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }] })).statusCode, 200);
  const id = await atGate3({ statute: 'IBC_LIQUIDATION', purpose: undefined }, valuer, second);
  const approve = (payload: object) => t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/GATE_3/approve`, headers: asUser(admin), payload: { place: 'Pune', ...payload } });
  // The land and building estimate named to a valuer registered for securities only: refused, naming the class.
  const wrong = await approve({ classSignatories: { LAND_AND_BUILDING: second.userId } });
  assert.equal(wrong.statusCode, 409, wrong.body);
  assert.equal(wrong.json().code, 'signatory_not_qualified');
  assert.match(wrong.json().detail, /Land and Building estimate must be signed by a valuer registered with IBBI for Land and Building/);
  // A class the engagement has no asset in is refused too.
  const noAsset = await approve({ classSignatories: { LAND_AND_BUILDING: landValuer.userId, PLANT_AND_MACHINERY: landValuer.userId } });
  assert.equal(noAsset.statusCode, 400, noAsset.body);
  assert.equal(noAsset.json().errors[0].path, '/classSignatories/PLANT_AND_MACHINERY');
  const signed = await approve({ classSignatories: { LAND_AND_BUILDING: landValuer.userId } });
  assert.equal(signed.statusCode, 200, signed.body);
  await t.worker.drain();
  const text = pdfText((await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) })).rawPayload);
  for (const expected of ['Estimates by asset class, signed by', 'Land and building', 'Lata Land Valuer', 'IBBI/RV/01/2020/22222', 'Securities or financial assets', 'IBBI/RV/03/2019/33333']) {
    assert.ok(text.includes(expected), `the signature block shows ${expected}`);
  }
});

test('IBC: a payment order waits until someone in the firm is registered for each asset class the estimates cover', async () => {
  const firm = await signupAdmin(t, 'Securities Only Valuers LLP');
  assert.equal((await patchMe(firm, { registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/03/2019/44444', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' }] })).statusCode, 200);
  const valuer = await addMember(t, firm, 'VALUER');
  const e = await ibcAtGate1(valuer, { statute: 'IBC_LIQUIDATION', purpose: undefined }); // land and building, and other assets
  const pay = () => t.app.inject({ method: 'POST', url: '/api/v1/payments', headers: asUser(valuer), payload: { engagementId: e.id } });
  const refused = await pay();
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'no_qualified_signatory');
  assert.match(refused.json().detail, /IBC: the Land and Building estimate must be signed by a valuer registered with IBBI for that class/);
  assert.deepEqual((await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers: asUser(valuer) })).json(), [], 'no order was created');
  const landValuer = await addMember(t, firm, 'VALUER', 'Lalit Land Valuer');
  assert.equal((await patchMe(landValuer, { registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/01/2021/55555', assetClass: 'LAND_AND_BUILDING' }] })).statusCode, 200);
  assert.equal((await pay()).statusCode, 200);
});

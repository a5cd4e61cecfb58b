// The insolvency facts of an IBC engagement (docs/ibc-valuation.md, The insolvency facts): captured at set-up with
// their dates in the Code's order (400 naming the field), editable by PATCH, read back, and stated in the report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asUser, signupAdmin } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, REPORT_FACTS, sourced, upload } from '../../helpers/engagements.js';
import { IBC_RATES } from '../../helpers/signatories.js';
import { pdfText } from '../../helpers/pdf.js';

let t: TestApp;
let headers: Record<string, string>;
before(async () => {
  t = await createTestApp();
  headers = asUser(await signupAdmin(t, 'Insolvency Facts Valuers LLP'));
});
after(() => t.close());

const CIRP = { statute: 'IBC_LIQUIDATION', purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE', valuationDate: '2026-03-31' };
/** The resolution professional, confirmed by the committee at its first meeting; REPORT_FACTS appoint on 2 April. */
const OFFICER = {
  name: 'Arvind Kulkarni',
  role: 'RESOLUTION_PROFESSIONAL',
  ibbiRegistration: 'IBBI/IPA-001/IP-P01234/2019-2020/12345',
  appointedOn: '2026-04-01',
};
const FACTS = {
  bench: 'National Company Law Tribunal, Mumbai Bench (Court II)',
  petitionNumber: 'C.P. (IB) No. 512/MB/2025',
  admissionOrderDate: '2026-03-31',
  applicant: { name: 'State Bank of India', kind: 'FINANCIAL_CREDITOR' },
  interimResolutionProfessional: { name: 'Farida Shaikh', ibbiRegistration: 'ibbi/ipa-003/ip-n00789/2018-2019/12001' },
  cocConstitutedOn: '2026-04-01',
  methodologyMeeting: {
    heldOn: '2026-04-05',
    note: 'The members of the committee and the resolution professional attended',
  },
};

const post = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers,
    payload: {
      targetEntity: 'Godavari Forgings Private Limited',
      ...REPORT_FACTS,
      appointingAuthority: 'Arvind Kulkarni, Resolution Professional (IBBI/IPA-001/IP-P01234/2019-2020/12345)',
      appointingOfficer: OFFICER,
      ...CIRP,
      ...payload,
    },
  });
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${id}`, headers, payload });
const paths = (res: { json(): { errors?: { path: string }[] } }) => (res.json().errors ?? []).map((e) => e.path);

test('recorded at set-up and read back, the registration in capitals', async () => {
  const made = await post({ insolvencyFacts: FACTS });
  assert.equal(made.statusCode, 201, made.body);
  const facts = made.json().insolvencyFacts;
  assert.equal(facts.bench, FACTS.bench);
  assert.equal(facts.interimResolutionProfessional.ibbiRegistration, 'IBBI/IPA-003/IP-N00789/2018-2019/12001');
  assert.equal(facts.methodologyMeeting.heldOn, '2026-04-05');
  const read = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${made.json().id}`, headers });
  assert.deepEqual(read.json().insolvencyFacts, facts);
});

test('the dates out of the Code’s order: 400 naming the field, nothing recorded', async () => {
  const cases: [object, string, RegExp][] = [
    [{ admissionOrderDate: '2026-03-20' }, '/insolvencyFacts/admissionOrderDate', /insolvency commencement date/],
    [
      { admissionOrderDate: '2026-03-31', cocConstitutedOn: '2026-03-30' },
      '/insolvencyFacts/cocConstitutedOn',
      /after the admission order/,
    ],
    [{ cocConstitutedOn: '2026-04-03' }, '/insolvencyFacts/cocConstitutedOn', /before the committee of creditors/],
    [{ cocConstitutedOn: undefined }, '/insolvencyFacts/cocConstitutedOn', /committee of creditors was constituted/],
    [{ publicAnnouncementOn: '2026-04-02' }, '/insolvencyFacts/publicAnnouncementOn', /CIRP Reg 6/],
    [
      { methodologyMeeting: { heldOn: '2026-04-01' } },
      '/insolvencyFacts/methodologyMeeting/heldOn',
      /after they are appointed/,
    ],
    [
      { interimResolutionProfessional: { name: 'Farida Shaikh', ibbiRegistration: 'IP-123' } },
      '/insolvencyFacts/interimResolutionProfessional/ibbiRegistration',
      /IBBI insolvency professional registration/,
    ],
    [{ applicant: { name: 'A Bank', kind: 'BANK' } }, '/insolvencyFacts/applicant/kind', /./],
  ];
  for (const [change, path, message] of cases) {
    const res = await post({ insolvencyFacts: { ...FACTS, ...change } });
    assert.equal(res.statusCode, 400, `${JSON.stringify(change)}: ${res.body}`);
    assert.deepEqual(paths(res), [path], JSON.stringify(change));
    assert.match(res.json().errors[0].message, message);
  }
  // The resolution professional in office before the committee that appoints them.
  const early = await post({ insolvencyFacts: { ...FACTS, cocConstitutedOn: '2026-04-02' } });
  assert.equal(early.statusCode, 400, early.body);
  assert.deepEqual(paths(early), ['/appointingOfficer/appointedOn']);
  assert.match(early.json().errors[0].message, /s\.22\(2\)/);
  // Not an IBC engagement: the facts do not apply.
  const other = await t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers,
    payload: { targetEntity: 'Acme Private Limited', statute: 'RULE_11UA', insolvencyFacts: FACTS },
  });
  assert.equal(other.statusCode, 400, other.body);
  assert.deepEqual(paths(other), ['/insolvencyFacts']);
});

test('PATCH: the facts and the dates they follow checked as they will stand; liquidation after the admission', async () => {
  const e = await createEngagement(t, headers, { ...CIRP, appointingOfficer: OFFICER });
  assert.equal((await patch(e.id, { insolvencyFacts: FACTS })).statusCode, 200);
  // Moving the valuation date off the admission order is refused beside the order's date.
  const moved = await patch(e.id, { valuationDate: '2026-03-30' });
  assert.equal(moved.statusCode, 400, moved.body);
  assert.deepEqual(paths(moved), ['/insolvencyFacts/admissionOrderDate']);
  // Valuers appointed before the committee existed.
  const valuersEarly = await patch(e.id, { appointmentDate: '2026-03-31' });
  assert.equal(valuersEarly.statusCode, 400, valuersEarly.body);
  assert.ok(paths(valuersEarly).includes('/insolvencyFacts/cocConstitutedOn'), valuersEarly.body);
  assert.equal((await patch(e.id, { insolvencyFacts: null })).json().insolvencyFacts, null);
  // Liquidation: the admission order precedes the liquidation commencement date; the committee is optional.
  const liquidation = await post({
    purpose: 'LIQUIDATION_REALISABLE_VALUE',
    valuationDate: '2026-03-31',
    appointingOfficer: { ...OFFICER, role: 'LIQUIDATOR', appointedOn: '2026-03-31' },
    appointingAuthority: 'Arvind Kulkarni, Liquidator (IBBI/IPA-001/IP-P01234/2019-2020/12345)',
    insolvencyFacts: { ...FACTS, admissionOrderDate: '2025-06-10', cocConstitutedOn: undefined },
  });
  assert.equal(liquidation.statusCode, 201, liquidation.body);
  const after = await patch(liquidation.json().id, {
    insolvencyFacts: { ...FACTS, admissionOrderDate: '2026-04-10', cocConstitutedOn: undefined },
  });
  assert.equal(after.statusCode, 400, after.body);
  assert.deepEqual(paths(after), ['/insolvencyFacts/admissionOrderDate']);
});

test('the report states the insolvency facts, the premise per basis, the approach per class and the Reg 27(3) exclusions', async () => {
  const e = await createEngagement(t, headers, { ...CIRP, appointingOfficer: OFFICER, insolvencyFacts: FACTS });
  const doc = sourced(fixture('ibc-shortfall.json'));
  const up = await upload(t, headers, e.id, 'FINANCIALS', 'ibc.json', Buffer.from(JSON.stringify(doc)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  assert.equal((await lock(t, headers, e.id, IBC_RATES)).statusCode, 200);
  await t.worker.drain();
  await t.worker.drain();
  const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers });
  assert.equal(pdf.statusCode, 200, pdf.body);
  const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
  for (const expected of [
    'The corporate insolvency resolution process',
    'National Company Law Tribunal, Mumbai Bench (Court II)',
    'C.P. (IB) No. 512/MB/2025',
    'State Bank of India, a financial creditor, under section 7 of the Code',
    'Farida Shaikh (IBBI/IPA-003/IP-N00789/2018-2019/12001), appointed by the admission order',
    'Committee of creditors constituted 1 April 2026',
    'Held on 5 April 2026',
    // What the report states (docs/ibc-valuation.md, What the report states).
    'Premise of value, fair value. An orderly sale',
    'after proper marketing over a reasonable period',
    'Premise of value, liquidation value. A forced sale',
    'The approach of each asset class, and its valuer',
    'Land and building (Land and Building) Market approach for the land',
    'As Regulation 27(3) of the CIRP Regulations requires, each registered valuer of this report declares that they are not (a) a relative of the resolution professional',
    'Confidentiality (Regulation 35(2))',
  ]) {
    assert.ok(text.includes(expected), `the report states ${expected}`);
  }
});

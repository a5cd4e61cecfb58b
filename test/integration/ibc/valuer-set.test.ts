// An IBC engagement as one set's work (docs/statutes.md, IBC: the set of valuers): each class held by a member
// registered for it (400 at set-up naming the field), the officer who appointed the set, each class's physical
// verification dated where it can be true (400 at the lock naming the field), and the sign-off by the set.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { addMember, appWith, asUser, patchMe, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, fixture, lock, REPORT_FACTS, sourced, upload } from '../../helpers/engagements.js';
import { IBC_RATES } from '../../helpers/signatories.js';
import { pdfText } from '../../helpers/pdf.js';
import { setPaymentStatus } from '../../../src/features/engagements/engagements.repository.js';

let t: TestApp;
let admin: Session, valuer: Session, reviewer: Session, land: Session, plant: Session, sfa: Session;

const rv = (number: string, assetClass: string) => ({ registrations: [{ type: 'IBBI_RV', number, assetClass }] });

appWith(
  async (app) => {
    const a = await signupAdmin(app, 'Set of Valuers LLP');
    const m = {
      admin: a,
      valuer: await addMember(app, a, 'VALUER', 'Vani Valuer'),
      reviewer: await addMember(app, a, 'VALUER', 'Rekha Reviewer'),
      land: await addMember(app, a, 'VALUER', 'Lata Land Valuer'),
      plant: await addMember(app, a, 'VALUER', 'Prakash Plant Valuer'),
      sfa: await addMember(app, a, 'VALUER', 'Sunil Securities Valuer'),
    };
    for (const [s, body] of [
      [m.land, rv('IBBI/RV/01/2020/22222', 'LAND_AND_BUILDING')],
      [m.plant, rv('IBBI/RV/02/2021/33333', 'PLANT_AND_MACHINERY')],
      [m.sfa, rv('IBBI/RV/03/2019/44444', 'SECURITIES_OR_FINANCIAL_ASSETS')],
    ] as const) {
      assert.equal((await patchMe(app, s, body)).statusCode, 200);
    }
    return m;
  },
  (s) => ({ t, admin, valuer, reviewer, land, plant, sfa } = s),
);

const CIRP = { statute: 'IBC_LIQUIDATION', purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE' };
const OFFICER = {
  name: 'Arvind Kulkarni',
  role: 'RESOLUTION_PROFESSIONAL',
  ibbiRegistration: 'IBBI/IPA-001/IP-P01234/2019-2020/12345',
  appointedOn: '2026-04-01',
};
const verified = (date: string) => ({
  date,
  inspected: 'The factory land and buildings at Plot 12, MIDC Waluj, and the stores',
  present: "The resolution professional's representative and the plant manager",
});
/** The fixture's classes (land and building; other assets, valued under Securities or Financial Assets). */
const fullSet = (landOn = '2026-04-03', otherOn = '2026-04-03') => ({
  classes: [
    { assetClass: 'LAND_AND_BUILDING', memberId: land.userId, verification: verified(landOn) },
    { assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS', memberId: sfa.userId, verification: verified(otherOn) },
  ],
  coordinatingValuerId: sfa.userId,
});

const post = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers: asUser(valuer),
    payload: {
      targetEntity: 'Godavari Forgings Private Limited',
      ...REPORT_FACTS,
      appointingAuthority: 'Arvind Kulkarni, Resolution Professional (IBBI/IPA-001/IP-P01234/2019-2020/12345)',
      ...CIRP,
      ...payload,
    },
  });
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${id}`, headers: asUser(valuer), payload });
const paths = (res: { json(): { errors?: { path: string }[] } }) => (res.json().errors ?? []).map((e) => e.path);

test('a member not registered for the class is 400 at set-up, naming the field and the class in words', async () => {
  const wrong = {
    classes: [
      { assetClass: 'LAND_AND_BUILDING', memberId: land.userId },
      { assetClass: 'PLANT_AND_MACHINERY', memberId: land.userId },
    ],
    coordinatingValuerId: land.userId,
  };
  const created = await post({ valuerSet: wrong, appointingOfficer: OFFICER });
  assert.equal(created.statusCode, 400, created.body);
  assert.deepEqual(paths(created), ['/valuerSet/classes/1/memberId']);
  assert.match(
    created.json().errors[0].message,
    /Lata Land Valuer is not registered with IBBI for Plant and Machinery/,
  );
  // PATCH while editable: the same rule.
  const e = await createEngagement(t, asUser(valuer), { ...CIRP, valuationDate: '2026-03-31' });
  const patched = await patch(e.id, { valuerSet: wrong });
  assert.equal(patched.statusCode, 400, patched.body);
  assert.deepEqual(paths(patched), ['/valuerSet/classes/1/memberId']);
  // A class named twice, and a coordinating valuer outside the set.
  const twice = await patch(e.id, {
    valuerSet: {
      classes: [
        { assetClass: 'LAND_AND_BUILDING', memberId: land.userId },
        { assetClass: 'LAND_AND_BUILDING', memberId: land.userId },
      ],
      coordinatingValuerId: plant.userId,
    },
  });
  assert.equal(twice.statusCode, 400, twice.body);
  assert.deepEqual(paths(twice).sort(), ['/valuerSet/classes/1/assetClass', '/valuerSet/coordinatingValuerId']);
  // The right members: recorded, and read back.
  const ok = await patch(e.id, {
    valuerSet: {
      classes: [
        { assetClass: 'LAND_AND_BUILDING', memberId: land.userId },
        { assetClass: 'PLANT_AND_MACHINERY', memberId: plant.userId },
        { assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS', memberId: sfa.userId },
      ],
      coordinatingValuerId: sfa.userId,
    },
  });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().valuerSet.classes[1].memberId, plant.userId);
  assert.equal(ok.json().valuerSet.coordinatingValuerId, sfa.userId);
  // Not an IBC engagement: the set does not apply.
  const other = await createEngagement(t, asUser(valuer), {});
  const notIbc = await patch(other.id, { valuerSet: fullSet() });
  assert.equal(notIbc.statusCode, 400, notIbc.body);
  assert.deepEqual(paths(notIbc), ['/valuerSet']);
});

test("the appointing officer as facts: the purpose's officer, appointed before the valuer; the text written from them; late appointments warned", async () => {
  const liquidator = await post({ appointingOfficer: { ...OFFICER, role: 'LIQUIDATOR' } });
  assert.equal(liquidator.statusCode, 400, liquidator.body);
  assert.deepEqual(paths(liquidator), ['/appointingOfficer/role']);
  const before = await post({ appointingOfficer: { ...OFFICER, appointedOn: '2026-04-05' } });
  assert.equal(before.statusCode, 400, before.body);
  assert.deepEqual(paths(before), ['/appointmentDate']);
  assert.match(before.json().errors[0].message, /resolution professional's own appointment on 2026-04-05/);
  const other = await post({
    appointingOfficer: OFFICER,
    appointingAuthority: 'Someone Else, Resolution Professional (IBBI/IPA-002/IP-N00456/2020-2021/13579)',
  });
  assert.equal(other.statusCode, 400, other.body);
  assert.deepEqual(paths(other), ['/appointingAuthority']);
  // Without the free text, it is written from the facts; on time, no warning.
  const { appointingAuthority: _, ...facts } = REPORT_FACTS;
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers: asUser(valuer),
    payload: {
      targetEntity: 'Godavari Forgings Private Limited',
      ...facts,
      ...CIRP,
      valuationDate: '2026-03-31',
      appointingOfficer: OFFICER,
    },
  });
  assert.equal(made.statusCode, 201, made.body);
  assert.equal(
    made.json().appointingAuthority,
    'Arvind Kulkarni, Resolution Professional (IBBI/IPA-001/IP-P01234/2019-2020/12345)',
  );
  assert.deepEqual(made.json().appointmentWarnings, []);
  // Appointed 19 days after the RP: Reg 27(1)'s seven days are named.
  const late = await patch(made.json().id, { appointmentDate: '2026-04-20' });
  assert.equal(late.statusCode, 200, late.body);
  assert.equal(late.json().appointmentWarnings.length, 1);
  assert.match(late.json().appointmentWarnings[0].message, /Regulation 27\(1\) of the CIRP Regulations.*by 2026-04-08/);
});

/** A CIRP engagement (commencement 31 March 2026) with the fixture's financials and `set`. */
async function withSet(set: object, extra: object = {}) {
  const e = await createEngagement(t, asUser(valuer), {
    ...CIRP,
    valuationDate: '2026-03-31',
    appointingOfficer: OFFICER,
    valuerSet: set,
    ...extra,
  });
  const doc = sourced(fixture('ibc-shortfall.json'));
  const up = await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'ibc.json', Buffer.from(JSON.stringify(doc)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  return e.id;
}

test('verification before the appointment or the commencement date: 400 at the lock naming the field', async () => {
  const early = await withSet(fullSet('2026-04-01'));
  const a = await lock(t, asUser(valuer), early, IBC_RATES);
  assert.equal(a.statusCode, 400, a.body);
  assert.deepEqual(paths(a), ['/valuerSet/classes/0/verification/date']);
  assert.match(
    a.json().errors[0].message,
    /Land and Building verification on 2026-04-01 is before the valuer's appointment on 2026-04-02/,
  );
  const beforeIcd = await withSet(fullSet('2026-04-03', '2026-03-30'), {
    appointingOfficer: { ...OFFICER, appointedOn: '2026-03-25' },
    appointmentDate: '2026-03-26',
  });
  const b = await lock(t, asUser(valuer), beforeIcd, IBC_RATES);
  assert.equal(b.statusCode, 400, b.body);
  assert.deepEqual(paths(b), ['/valuerSet/classes/1/verification/date']);
  assert.match(b.json().errors[0].message, /before the commencement date 2026-03-31/);
  // A class the financials value with no valuer in the set, and a class not verified.
  const { classes, coordinatingValuerId } = fullSet();
  const partial = await withSet({
    classes: [{ ...classes[0], verification: undefined }],
    coordinatingValuerId: land.userId,
  });
  const c = await lock(t, asUser(valuer), partial, IBC_RATES);
  assert.equal(c.statusCode, 400, c.body);
  assert.deepEqual(paths(c), ['/valuerSet/classes', '/valuerSet/classes/0/verification']);
  assert.ok(coordinatingValuerId);
  const fine = await withSet(fullSet());
  assert.equal((await lock(t, asUser(valuer), fine, IBC_RATES)).statusCode, 200);
});

test("GATE_3 defaults each class signatory to the set's member and records the coordinating valuer; the FINAL signs per valuer", async () => {
  const id = await withSet(fullSet());
  assert.equal((await lock(t, asUser(valuer), id, IBC_RATES)).statusCode, 200);
  await t.worker.drain();
  const gate = (g: string, s: Session, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/${g}/approve`, headers: asUser(s), payload });
  assert.equal((await gate('GATE_1', valuer)).statusCode, 200);
  assert.equal((await gate('GATE_2', reviewer)).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, id, 'PAID'));
  // Naming someone other than the set's member for a class: refused beside the class.
  const other = await gate('GATE_3', admin, { place: 'Pune', classSignatories: { LAND_AND_BUILDING: plant.userId } });
  assert.equal(other.statusCode, 400, other.body);
  assert.deepEqual(paths(other), ['/classSignatories/LAND_AND_BUILDING']);
  // The set's land valuer no longer registered for the class: 409 in words, beside the class, no JSON path.
  assert.equal((await patchMe(t, land, { registrations: [] })).statusCode, 200);
  const unqualified = await gate('GATE_3', admin, { place: 'Pune' });
  assert.equal(unqualified.statusCode, 409, unqualified.body);
  assert.equal(unqualified.json().code, 'signatory_not_qualified');
  assert.deepEqual(paths(unqualified), ['/classSignatories/LAND_AND_BUILDING']);
  assert.match(unqualified.json().detail, /Lata Land Valuer holds no such registration/);
  assert.doesNotMatch(unqualified.json().detail, /classSignatories/);
  assert.equal((await patchMe(t, land, rv('IBBI/RV/01/2020/22222', 'LAND_AND_BUILDING'))).statusCode, 200);
  // No classSignatories: each class is the set's.
  const signed = await gate('GATE_3', admin, { place: 'Pune' });
  assert.equal(signed.statusCode, 200, signed.body);
  const [row] = await t.db.query<{
    class_signatories: { assetClass: string; userId: string; coordinating?: boolean }[];
  }>('SELECT class_signatories FROM engagements WHERE id = $1', [id]);
  assert.deepEqual(
    row!.class_signatories.map((s) => [s.assetClass, s.userId, s.coordinating === true]),
    [
      ['LAND_AND_BUILDING', land.userId, false],
      ['SECURITIES_OR_FINANCIAL_ASSETS', sfa.userId, true],
    ],
  );
  await t.worker.drain();
  const text = pdfText(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) })).rawPayload,
  );
  for (const expected of [
    'Sunil Securities Valuer is the coordinating valuer',
    'Lata Land Valuer',
    'IBBI/RV/01/2020/22222',
    'Sunil Securities Valuer, coordinating valuer Registered valuer for Securities or Financial Assets',
    'IBBI/RV/03/2019/44444',
    'Land and Building',
    'Securities or Financial Assets',
  ]) {
    assert.ok(text.replace(/\s+/g, ' ').includes(expected), `the signature blocks show ${expected}`);
  }
});

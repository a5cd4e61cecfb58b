// IBC signatories: each asset class signed by a valuer registered for it, and a payment order that waits for them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { addMember, adminApp, asUser, patchMe, signupAdmin, type Session } from '../../helpers/principals.js';
import { pdfText } from '../../helpers/pdf.js';
import { atGate3, ibcAtGate1 } from '../../helpers/signatories.js';

let t: TestApp, admin: Session;
adminApp((s) => ({ t, admin } = s), { firm: 'Credential Checkers LLP', qualified: false });

test("IBC: each asset class is signed by a valuer registered for that class; another class's valuer is refused; the report names each", async () => {
  const valuer = await addMember(t, admin, 'VALUER');
  const second = await addMember(t, admin, 'VALUER');
  const landValuer = await addMember(t, admin, 'VALUER', 'Lata Land Valuer');
  assert.equal(
    (
      await patchMe(t, landValuer, {
        registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/01/2020/22222', assetClass: 'LAND_AND_BUILDING' }],
      })
    ).statusCode,
    200,
  );
  assert.equal(
    (
      await patchMe(t, admin, {
        registrations: [
          { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/33333', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
        ],
      })
    ).statusCode,
    200,
  );
  const id = await atGate3(t, { statute: 'IBC_LIQUIDATION', purpose: undefined }, valuer, second);
  // The engagement names, per registration class its estimates cover, the members who may sign that class.
  const detail = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })
  ).json();
  assert.deepEqual(
    detail.signatory.classes.map((c: { assetClass: string; qualifiedMembers: { id: string }[] }) => [
      c.assetClass,
      c.qualifiedMembers.map((m) => m.id),
    ]),
    [
      ['LAND_AND_BUILDING', [landValuer.userId]],
      ['SECURITIES_OR_FINANCIAL_ASSETS', [admin.userId]],
    ],
  );
  assert.match(
    detail.signatory.classes[0].qualifiedMembers[0].registration,
    /IBBI\/RV\/01\/2020\/22222 \(IBBI registered valuer, Land and building/,
  );
  const approve = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${id}/gates/GATE_3/approve`,
      headers: asUser(admin),
      payload: { place: 'Pune', ...payload },
    });
  // The land and building estimate named to a valuer registered for securities only: refused, naming the class.
  const wrong = await approve({ classSignatories: { LAND_AND_BUILDING: second.userId } });
  assert.equal(wrong.statusCode, 409, wrong.body);
  assert.equal(wrong.json().code, 'signatory_not_qualified');
  assert.match(
    wrong.json().detail,
    /Land and Building estimate must be signed by a valuer registered with IBBI for Land and Building/,
  );
  // A class the engagement has no asset in is refused too.
  const noAsset = await approve({
    classSignatories: { LAND_AND_BUILDING: landValuer.userId, PLANT_AND_MACHINERY: landValuer.userId },
  });
  assert.equal(noAsset.statusCode, 400, noAsset.body);
  assert.equal(noAsset.json().errors[0].path, '/classSignatories/PLANT_AND_MACHINERY');
  const signed = await approve({ classSignatories: { LAND_AND_BUILDING: landValuer.userId } });
  assert.equal(signed.statusCode, 200, signed.body);
  await t.worker.drain();
  const text = pdfText(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) })).rawPayload,
  );
  for (const expected of [
    'Registered valuers, each signing the estimate of their asset class',
    'Land and Building',
    'Lata Land Valuer',
    'IBBI/RV/01/2020/22222',
    'Securities or Financial Assets',
    'IBBI/RV/03/2019/33333',
  ]) {
    assert.ok(text.includes(expected), `the signature block shows ${expected}`);
  }
});

test('IBC: a payment order waits until someone in the firm is registered for each asset class the estimates cover', async () => {
  const firm = await signupAdmin(t, 'Securities Only Valuers LLP');
  assert.equal(
    (
      await patchMe(t, firm, {
        registrations: [
          { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/44444', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
        ],
      })
    ).statusCode,
    200,
  );
  const valuer = await addMember(t, firm, 'VALUER');
  const e = await ibcAtGate1(t, valuer, { statute: 'IBC_LIQUIDATION', purpose: undefined }); // land and building, and other assets
  const pay = () =>
    t.app.inject({ method: 'POST', url: '/api/v1/payments', headers: asUser(valuer), payload: { engagementId: e.id } });
  const refused = await pay();
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'no_qualified_signatory');
  assert.match(
    refused.json().detail,
    /IBC: the Land and Building estimate must be signed by a valuer registered with IBBI for that class/,
  );
  assert.deepEqual(
    (await t.app.inject({ method: 'GET', url: '/api/v1/payments', headers: asUser(valuer) })).json(),
    [],
    'no order was created',
  );
  const landValuer = await addMember(t, firm, 'VALUER', 'Lalit Land Valuer');
  assert.equal(
    (
      await patchMe(t, landValuer, {
        registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/01/2021/55555', assetClass: 'LAND_AND_BUILDING' }],
      })
    ).statusCode,
    200,
  );
  assert.equal((await pay()).statusCode, 200);
});

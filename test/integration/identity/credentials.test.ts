// Signatory credentials: the profile's and the firm profile's registration formats.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import {
  addMember,
  adminApp,
  asToken,
  asUser,
  createToken,
  patchMe,
  signupAdmin,
  type Session,
} from '../../helpers/principals.js';

let t: TestApp, admin: Session;
adminApp((s) => ({ t, admin } = s), { firm: 'Credential Checkers LLP', qualified: false });

test('registration numbers: each format accepted when right and refused with a pointer when wrong', async () => {
  const good = [
    { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS', rvo: 'ICAI RVO' },
    { type: 'IBBI_RV', number: 'ibbi/rv/11/2023/00042', assetClass: 'LAND_AND_BUILDING' },
    { type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' },
    { type: 'ICAI_MEMBERSHIP', number: '123456' },
    { type: 'ICMAI_MEMBERSHIP', number: '34567' },
  ];
  const ok = await patchMe(t, admin, { name: 'Asha Kapoor', designation: 'Partner', registrations: good });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().profile.registrations[1].number, 'IBBI/RV/11/2023/00042', 'stored upper-case');
  assert.equal(ok.json().profile.designation, 'Partner');
  const bad: [unknown, string][] = [
    [
      { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/1234', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
      '/registrations/0/number',
    ],
    [
      { type: 'IBBI_RV', number: 'IBBI/RV/03/2010/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
      '/registrations/0/number',
    ],
    [
      { type: 'IBBI_RV', number: 'IBBI/RV-E/03/2019/123', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
      '/registrations/0/number',
    ],
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
    const res = await patchMe(t, admin, { registrations: [registration] });
    assert.equal(res.statusCode, 400, JSON.stringify(registration));
    assert.ok(
      res.json().errors.some((e: { path: string }) => e.path.startsWith(pointer)),
      `${JSON.stringify(registration)} → ${JSON.stringify(res.json().errors)}`,
    );
  }
  // A refused PATCH changed nothing.
  const me = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(admin) })).json();
  assert.equal(me.profile.registrations.length, 5);
  // Tokens have no profile.
  const token = await createToken(t, admin);
  assert.equal(
    (
      await t.app.inject({
        method: 'PATCH',
        url: '/api/v1/auth/me',
        headers: asToken(token.token),
        payload: { name: 'x' },
      })
    ).statusCode,
    403,
  );
  await patchMe(t, admin, { registrations: [] });
});

test('firm profile: legal name, address and IBBI entity registration; ADMIN only; other firms never see it', async () => {
  const get = (s: Session) => t.app.inject({ method: 'GET', url: '/api/v1/settings/firm', headers: asUser(s) });
  const patch = (s: Session, payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/settings/firm', headers: asUser(s), payload });
  assert.equal((await get(admin)).json().legalName, 'Credential Checkers LLP');
  const ok = await patch(admin, {
    legalName: 'Credential Checkers LLP (Regd.)',
    address: '12 MG Road, Bengaluru 560001',
    ibbiRegistration: 'IBBI/RV-E/02/2020/123',
  });
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

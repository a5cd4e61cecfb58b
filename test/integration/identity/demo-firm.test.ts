// The demo firm seeded on first start becomes the firm's own: its ADMIN renames it and clears the demo
// flag, which is refused while any of the demo's made-up registrations is left (the firm's or a person's).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { SIGNATORY_REGISTRATIONS } from '../../helpers/principals.js';
import { seedDemoFirm } from '../../../src/features/identity/identity.service.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('the demo firm is renamed by its ADMIN; its demo flag clears only once no made-up registration is left', async () => {
  const demo = await seedDemoFirm(t.app.services);
  assert.ok(demo, 'seeded on an empty database');
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email: demo.email, password: demo.password },
  });
  assert.equal(login.statusCode, 200, login.body);
  const set = login.headers['set-cookie'];
  const cookie = (Array.isArray(set) ? set[0] : String(set)).split(';')[0];
  const headers = { cookie, 'x-csrf-token': login.json().csrfToken };
  const patchFirm = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/settings/firm', headers, payload });

  // Renamed; still a demo.
  const renamed = await patchFirm({ legalName: 'Kulkarni & Associates LLP' });
  assert.equal(renamed.statusCode, 200, renamed.body);
  assert.equal(renamed.json().legalName, 'Kulkarni & Associates LLP');
  assert.equal(renamed.json().demo, true);

  // The made-up registrations block the flag, named; nothing changes.
  const early = await patchFirm({ demo: false });
  assert.equal(early.statusCode, 409, early.body);
  assert.equal(early.json().code, 'demo_registrations');
  assert.match(early.json().detail, /IBBI\/RV-E\/02\/2020\/100/);
  assert.match(early.json().detail, /IBBI\/RV\/03\/2019\/10000/);
  assert.match(early.json().detail, /000000W/);
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/settings/firm', headers })).json().demo, true);

  // The person's real registrations, then the firm's own with the flag in one request.
  const me = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    headers,
    payload: { designation: 'Partner', registrations: SIGNATORY_REGISTRATIONS },
  });
  assert.equal(me.statusCode, 200, me.body);
  const real = await patchFirm({
    ibbiRegistration: 'IBBI/RV-E/05/2021/155',
    icaiFirmRegistrationNumber: '104567W',
    demo: false,
  });
  assert.equal(real.statusCode, 200, real.body);
  assert.equal(real.json().demo, false);
  const meNow = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers })).json();
  assert.equal(meNow.firm.legalName, 'Kulkarni & Associates LLP');
});

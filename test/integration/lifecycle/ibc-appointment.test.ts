// Under the IBC the resolution professional (CIRP) or the liquidator appoints the registered valuers, named with
// their IBBI registration; a board appoints no one (src/contract/ibc-appointment.ts, docs/statutes.md).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asUser, signupAdmin } from '../../helpers/principals.js';
import { FIXTURE_VALUATION_DATE, REPORT_FACTS } from '../../helpers/engagements.js';

let t: TestApp;
let headers: Record<string, string>;
before(async () => {
  t = await createTestApp();
  headers = asUser(await signupAdmin(t, 'Insolvency Valuers LLP'));
});
after(() => t.close());

const create = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers,
    payload: {
      targetEntity: 'Stressed Castings Pvt Ltd',
      statute: 'IBC_LIQUIDATION',
      valuationDate: FIXTURE_VALUATION_DATE,
      ...REPORT_FACTS,
      ...body,
    },
  });
const count = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/engagements', headers })).json().length as number;

test('an IBC engagement appointed by a board is 400 naming /appointingAuthority, and nothing is created', async () => {
  const before = await count();
  const res = await create({
    purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
    appointingAuthority: 'Board of Directors of Stressed Castings Private Limited',
  });
  assert.equal(res.statusCode, 400);
  assert.match(res.headers['content-type'] as string, /problem\+json/);
  const error = res.json().errors.find((e: { path: string }) => e.path === '/appointingAuthority');
  assert.match(error.message, /resolution professional appoints the registered valuers \(Regulation 27/);
  assert.equal(await count(), before);
});

test('CIRP needs the resolution professional and liquidation the liquidator, each with an IBBI registration', async () => {
  const rp = 'Arvind Kulkarni, Resolution Professional (IBBI/IPA-001/IP-P01234/2019-2020/12345)';
  const liquidator = 'Nandita Shah, Liquidator (IBBI/IPA-002/IP-N00456/2020-2021/13579)';
  assert.equal((await create({ purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE', appointingAuthority: rp })).statusCode, 201);
  assert.equal(
    (await create({ purpose: 'LIQUIDATION_REALISABLE_VALUE', appointingAuthority: liquidator })).statusCode,
    201,
  );
  // The wrong officer for the process, or no registration: refused with the rule named.
  const wrong = await create({ purpose: 'LIQUIDATION_REALISABLE_VALUE', appointingAuthority: rp });
  assert.equal(wrong.statusCode, 400);
  assert.match(wrong.json().errors[0].message, /liquidator appoints the registered valuers \(Regulation 35/);
  assert.equal(
    (
      await create({
        purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
        appointingAuthority: 'Arvind Kulkarni, Resolution Professional',
      })
    ).statusCode,
    400,
  );
  // Other statutes keep their board.
  assert.equal((await create({ statute: 'COMPANIES_ACT_SEC_62' })).statusCode, 201);
});

test('the report facts of an IBC engagement cannot be corrected to a board either (PATCH 400, nothing changed)', async () => {
  const rp = 'Arvind Kulkarni, Resolution Professional (IBBI/IPA-001/IP-P01234/2019-2020/12345)';
  const e = (await create({ purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE', appointingAuthority: rp })).json();
  const patch = (appointingAuthority: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${e.id}`, headers, payload: { appointingAuthority } });
  const refused = await patch('Board of Directors of Stressed Castings Private Limited');
  assert.equal(refused.statusCode, 400);
  assert.equal(refused.json().errors[0].path, '/appointingAuthority');
  const now = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers })).json();
  assert.equal(now.appointingAuthority, rp);
  assert.equal(
    (await patch('Meera Joshi, Resolution Professional (IBBI/IPA-003/IP-N00789/2021-2022/14567)')).statusCode,
    200,
  );
});

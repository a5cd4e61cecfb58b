// A firm's saved cost-of-capital build-ups (docs/decisions.md, Firm defaults): a valuer saves one, every member lists
// it, a lock made from it values as a typed build-up does; saving under the same name replaces it; bad figures are
// 400 naming the field and change nothing; a VIEWER may not save; another firm sees none and deletes none (404).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { addMember, asUser, reviewTeamApp, signupAdmin, type Session } from '../../helpers/principals.js';
import { createEngagement, lock, uploadFixture } from '../../helpers/engagements.js';
import { statedWaccOf } from '../../../src/contract/cost-of-capital.js';

let t: TestApp, admin: Session, valuer: Session;
reviewTeamApp('Saved Rates LLP', 'Sanjay Valuer', (s) => ({ t, admin, valuer } = s));

const BUILD_UP = {
  riskFreeRate: 6.5,
  equityRiskPremium: 7.25,
  beta: 1.1,
  betaBasis: 'UNLEVERED',
  debtToEquity: 0.25,
  taxRate: 25.17,
  preTaxCostOfDebt: 9.5,
  sizePremium: 2,
  source: '10-year G-Sec yield 6.50 % (RBI); beta: median of four listed auto-component peers',
  sourceDate: '2026-03-31',
};

const save = (who: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/settings/cost-of-capital', headers: asUser(who), payload });
const list = (who: Session) =>
  t.app.inject({ method: 'GET', url: '/api/v1/settings/cost-of-capital', headers: asUser(who) });

test('a saved build-up is listed for the firm and a lock made from it is accepted', async () => {
  const saved = await save(valuer, { name: 'Auto-component peers, Mar 2026', buildUp: BUILD_UP });
  assert.equal(saved.statusCode, 201, saved.body);
  assert.equal(saved.json().savedBy.name, 'Sanjay Valuer');
  const listed = (await list(admin)).json();
  assert.equal(listed.length, 1);
  assert.deepEqual(listed[0].buildUp, BUILD_UP);

  // Started from the saved figures, adjusted (a company-specific premium), and locked.
  const e = await createEngagement(t, asUser(valuer));
  assert.equal((await uploadFixture(t, asUser(valuer), e.id)).statusCode, 201);
  await t.worker.drain();
  const parts = { ...listed[0].buildUp, companySpecificPremium: 1 };
  // The WACC the build-up gives, as the console fills it in (the engine's own formula).
  const stated = statedWaccOf(parts);
  const locked = await lock(t, asUser(valuer), e.id, {
    wacc: Number(stated),
    terminalGrowthRate: 4,
    rationale: 'Cost of equity by CAPM on the 10-year G-sec; peer beta relevered.',
    costOfCapital: parts,
  });
  assert.equal(locked.statusCode, 200, locked.body);
  // The lock keeps every figure of the build-up, the date they were read included (a revision starts from it).
  const kept = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${e.id}/assumptions`,
    headers: asUser(valuer),
  });
  assert.deepEqual(kept.json().costOfCapital, parts);
});

test('the same name replaces the build-up; bad figures and a viewer are refused; another firm sees nothing', async () => {
  const first = (await save(admin, { name: 'Replace me', buildUp: BUILD_UP })).json();
  const again = await save(admin, { name: 'Replace me', buildUp: { ...BUILD_UP, beta: 0.9 } });
  assert.equal(again.statusCode, 201);
  assert.equal(again.json().id, first.id, 'the same build-up, replaced');
  assert.equal(again.json().buildUp.beta, 0.9);

  const before = (await list(admin)).json().length;
  const bad = await save(admin, { name: 'Bad', buildUp: { ...BUILD_UP, beta: 12 } });
  assert.equal(bad.statusCode, 400);
  assert.ok(
    bad.json().errors.some((e: { path: string }) => e.path === '/buildUp/beta'),
    bad.body,
  );
  assert.equal((await list(admin)).json().length, before, 'nothing saved');

  const viewer = await addMember(t, admin, 'VIEWER', 'Vimal Viewer');
  assert.equal((await save(viewer, { name: 'Viewer', buildUp: BUILD_UP })).statusCode, 403);
  assert.equal((await list(viewer)).statusCode, 200, 'a viewer reads them');

  const elsewhere = await signupAdmin(t, 'Elsewhere Rates LLP');
  assert.deepEqual((await list(elsewhere)).json(), []);
  const theirDelete = await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/settings/cost-of-capital/${first.id}`,
    headers: asUser(elsewhere),
  });
  assert.equal(theirDelete.statusCode, 404);
  const mine = await t.app.inject({
    method: 'DELETE',
    url: `/api/v1/settings/cost-of-capital/${first.id}`,
    headers: asUser(admin),
  });
  assert.equal(mine.statusCode, 204);
});

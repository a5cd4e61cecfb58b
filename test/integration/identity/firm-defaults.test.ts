// Firm defaults (docs/decisions.md, Firm defaults): the usual place of signing, offered at every sign-off through
// the principal's firm, and per statute the addressee of a report whose engagement names none ({company} becomes the
// company's name). Bad input is 400 naming the field and changes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { engagementAtGate1 } from '../../helpers/engagements.js';
import { signedFinal } from '../../helpers/final-report.js';
import { pdfPages } from '../../helpers/pdf.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Default Habits LLP', 'Dev Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const patchFirm = (payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/v1/settings/firm', headers: asUser(admin), payload });

test('bad defaults are refused naming the field, and change nothing', async () => {
  const shortPlace = await patchFirm({ defaultSigningPlace: 'X' });
  assert.equal(shortPlace.statusCode, 400);
  assert.ok(shortPlace.json().errors.some((e: { path: string }) => e.path === '/defaultSigningPlace'));
  const unknownStatute = await patchFirm({ addresseeTemplates: { SEBI: 'Board of Directors of {company}' } });
  assert.equal(unknownStatute.statusCode, 400);
  assert.match(JSON.stringify(unknownStatute.json().errors), /addresseeTemplates/);
  const firm = (await t.app.inject({ method: 'GET', url: '/api/v1/settings/firm', headers: asUser(admin) })).json();
  assert.equal(firm.defaultSigningPlace, null);
  assert.deepEqual(firm.addresseeTemplates, {});
});

test('the place is offered to every member, and a report without an addressee takes the firm’s for its statute', async () => {
  const saved = await patchFirm({
    defaultSigningPlace: 'Pune',
    addresseeTemplates: { RULE_11UA: 'The Board of Directors of {company}' },
  });
  assert.equal(saved.statusCode, 200, saved.body);
  assert.equal(saved.json().defaultSigningPlace, 'Pune');
  const me = (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: asUser(valuer) })).json();
  assert.equal(me.firm.defaultSigningPlace, 'Pune', 'a valuer sees the firm default too');

  const e = await engagementAtGate1(t, asUser(valuer), { targetEntity: 'Addressed Castings Pvt Ltd' });
  const cover = pdfPages(await signedFinal(t, { admin, valuer, reviewer }, e.id))[0];
  assert.match(cover, /Addressed to The Board of Directors of Addressed Castings Pvt Ltd/);

  // An engagement's own addressee still wins.
  const own = await engagementAtGate1(t, asUser(valuer), {
    targetEntity: 'Own Addressee Pvt Ltd',
    addressee: 'The Audit Committee of Own Addressee Pvt Ltd',
  });
  const ownCover = pdfPages(await signedFinal(t, { admin, valuer, reviewer }, own.id))[0];
  assert.match(ownCover, /Addressed to The Audit Committee of Own Addressee Pvt Ltd/);
});

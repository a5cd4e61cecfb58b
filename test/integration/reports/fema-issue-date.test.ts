// FEMA: the certificate precedes the issue (docs/statutes.md, FEMA). A sign-off after the proposed issue date is
// 409 certificate_after_issue naming /transactionDate, nothing recorded, unless the engagement records that the
// issue has already been made and why (issueAlreadyMade, a fact the report states); a valuation date more than
// 90 days before the issue date warns at the lock.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/pdf.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { createEngagement, lock, uploadFixture } from '../../helpers/engagements.js';
import { engagementAtGate3 } from '../../helpers/final-report.js';
import { todayInIndia } from '../../../src/contract/today.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Issue Dates LLP', 'Ira Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const FEMA_ISSUE = { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' };
const inDays = (n: number) => new Date(Date.parse(todayInIndia()) + n * 86_400_000).toISOString().slice(0, 10);
const approve = (id: string, gate: string, s: Session, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/${gate}/approve`, headers: asUser(s), payload });
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${id}`, headers: asUser(valuer), payload });
const get = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })).json();

const atGate3 = (body: Record<string, unknown>) => engagementAtGate3(t, { admin, valuer, reviewer }, body);

test('a FEMA issue signed after its proposed issue date is 409 naming /transactionDate; recorded as already made, it is signed and the report says so', async () => {
  const id = await atGate3({ ...FEMA_ISSUE, transactionDate: '2026-04-15' });
  const refused = await approve(id, 'GATE_3', admin, { place: 'Mumbai' });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'certificate_after_issue');
  assert.equal(refused.json().errors[0].path, '/transactionDate');
  assert.match(refused.json().detail, /proposed for 15 April 2026/);
  const still = await get(id);
  assert.equal(still.status, 'GATE_3', 'a refused sign-off changes nothing');
  assert.equal(still.signingPlace, null);
  assert.equal(still.issueAlreadyMade, null);

  // The reason is the valuer's, in words; only for a FEMA issue.
  const short = await patch(id, { issueAlreadyMade: { reason: 'Late.' } });
  assert.equal(short.statusCode, 400, short.body);
  assert.equal(short.json().errors[0].path, '/issueAlreadyMade/reason');
  const reason =
    'The shares were allotted on 15 April 2026 and the FC-GPR is being filed late with the late submission fee';
  const recorded = await patch(id, { issueAlreadyMade: { reason } });
  assert.equal(recorded.statusCode, 200, recorded.body);
  assert.deepEqual(recorded.json().issueAlreadyMade, { reason });

  const signed = await approve(id, 'GATE_3', admin, { place: 'Mumbai' });
  assert.equal(signed.statusCode, 200, signed.body);
  await t.worker.drain();
  const pdf = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) }))
    .rawPayload;
  const text = pdfText(pdf).replace(/\s+/g, ' ');
  assert.match(text, /Issue already made\. The issue of 15 April 2026 was made before the date of this report\./);
  assert.ok(text.includes(reason), 'the report states why the certificate follows the issue');
  assert.match(
    text,
    /Date of the issue 15 April 2026/,
    'the cover gives the date of an issue made, not a proposed one',
  );
  assert.doesNotMatch(text, /Proposed date of the issue/);
});

test('an issue still to come is signed; a valuation more than 90 days before it warns; issueAlreadyMade is only for a FEMA issue', async () => {
  const id = await atGate3({ ...FEMA_ISSUE, transactionDate: inDays(10) });
  const signed = await approve(id, 'GATE_3', admin, { place: 'Mumbai' });
  assert.equal(signed.statusCode, 200, signed.body);

  // Valued on 31 March 2026 (the fixtures' date) for an issue in ten days: more than 90 days before it.
  const e = await createEngagement(t, asUser(valuer), { ...FEMA_ISSUE, transactionDate: inDays(10) });
  assert.equal((await uploadFixture(t, asUser(valuer), e.id)).statusCode, 201);
  const locked = await lock(t, asUser(valuer), e.id);
  assert.equal(locked.statusCode, 200, locked.body);
  const stale = locked.json().warnings.find((w: { code: string }) => w.code === 'VALUATION_DATE_STALE');
  assert.ok(stale, locked.body);
  assert.match(stale.message, /more than 90 days/);

  const s62 = await createEngagement(t, asUser(valuer), { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  const refused = await patch(s62.id, { issueAlreadyMade: { reason: 'The allotment was made before the report.' } });
  assert.equal(refused.statusCode, 400, refused.body);
  assert.equal(refused.json().errors[0].path, '/issueAlreadyMade');
});

// Dates that can be true (docs/reports.md, Dates): a report dated more than 90 days after its valuation date says
// why the valuation is as at that date (valuationDateReason, a report fact): without it the sign-off is 400 naming
// /valuationDateReason and nothing changes; with it the sign-off answers with a warning in words and the report
// prints the reason. A transfer dated before the report is described as made, one dated after it as proposed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/pdf.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { engagementAtGate3 } from '../../helpers/final-report.js';
import { todayInIndia } from '../../../src/contract/today.js';
import { formatDate } from '../../../src/reports/format.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Report Dates LLP', 'Ravi Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const inDays = (n: number) => new Date(Date.parse(todayInIndia()) + n * 86_400_000).toISOString().slice(0, 10);
const approve = (id: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${id}/gates/GATE_3/approve`,
    headers: asUser(admin),
    payload,
  });
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${id}`, headers: asUser(valuer), payload });
const get = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })).json();
const reportText = async (id: string) => {
  await t.worker.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) });
  assert.equal(res.statusCode, 200, res.body);
  return pdfText(res.rawPayload).replace(/\s+/g, ' ');
};
const atGate3 = (body: Record<string, unknown>) => engagementAtGate3(t, { admin, valuer, reviewer }, body);

const REASON =
  'The valuation is as at 31 March 2026, the date of the latest audited balance sheet, which the board chose for the transfer.';

test('a report more than 90 days after its valuation date: 400 naming /valuationDateReason until the engagement says why; then a warning and the reason in the report', async () => {
  // The fixtures value on 31 March 2026; the tests sign on the day they run, more than 90 days later.
  const days = Math.round((Date.parse(todayInIndia()) - Date.parse('2026-03-31')) / 86_400_000);
  assert.ok(days > 90, `the tests run ${days} days after 31 March 2026`);
  const id = await atGate3({ valuationDateReason: undefined });
  assert.equal((await get(id)).valuationDateReason, null);

  const refused = await approve(id, { place: 'Mumbai' });
  assert.equal(refused.statusCode, 400, refused.body);
  assert.equal(refused.json().errors[0].path, '/valuationDateReason');
  assert.match(
    refused.json().errors[0].message,
    new RegExp(`dated ${formatDate(todayInIndia())}, ${days} days after its valuation date, 31 March 2026`),
  );
  const still = await get(id);
  assert.equal(still.status, 'GATE_3', 'a refused sign-off changes nothing');
  assert.equal(still.signingPlace, null);

  // The reason is the valuer's, in words: too short a reason is 400 naming the field.
  const short = await patch(id, { valuationDateReason: 'Board said so.' });
  assert.equal(short.statusCode, 400, short.body);
  assert.equal(short.json().errors[0].path, '/valuationDateReason');
  const recorded = await patch(id, { valuationDateReason: REASON });
  assert.equal(recorded.statusCode, 200, recorded.body);
  assert.equal(recorded.json().valuationDateReason, REASON);

  const signed = await approve(id, { place: 'Mumbai' });
  assert.equal(signed.statusCode, 200, signed.body);
  const warning = signed
    .json()
    .warnings?.find((w: { code: string }) => w.code === 'REPORT_DATE_LONG_AFTER_VALUATION_DATE');
  assert.ok(warning, signed.body);
  assert.match(warning.message, new RegExp(`${days} days after its valuation date, 31 March 2026, more than 90 days`));
  assert.doesNotMatch(warning.message, /\d{4}-\d{2}-\d{2}/, 'dates in words');

  const text = await reportText(id);
  assert.ok(text.includes(`Why this valuation date. ${REASON}`), 'the report says why the date was chosen');
  // A signed report's facts are closed.
  assert.equal((await patch(id, { valuationDateReason: `${REASON} Again.` })).statusCode, 409);
});

test('a report within 90 days of its valuation date signs without a reason and without a warning', async () => {
  const id = await atGate3({ valuationDateReason: undefined, valuationDate: inDays(-30) });
  const signed = await approve(id, { place: 'Mumbai' });
  assert.equal(signed.statusCode, 200, signed.body);
  assert.equal(signed.json().warnings, undefined);
  assert.equal(signed.json().valuationDateReason, null);
  assert.doesNotMatch(await reportText(id), /Why this valuation date/);
});

test('a transfer dated before the report is described as made; one dated after it as proposed', async () => {
  const transfer = { statute: 'FEMA_RBI', purpose: 'TRANSFER_RESIDENT_TO_NON_RESIDENT' };
  const made = await atGate3({ ...transfer, transactionDate: '2026-04-15' });
  assert.equal((await approve(made, { place: 'Mumbai' })).statusCode, 200);
  const madeText = await reportText(made);
  assert.match(madeText, /Date of the transfer 15 April 2026/);
  assert.doesNotMatch(madeText, /Proposed date of the transfer/);

  const proposed = await atGate3({ ...transfer, transactionDate: inDays(20) });
  assert.equal((await approve(proposed, { place: 'Mumbai' })).statusCode, 200);
  const proposedText = await reportText(proposed);
  assert.ok(
    proposedText.includes(`Proposed date of the transfer ${formatDate(inDays(20))}`),
    'a later transfer is proposed',
  );
});

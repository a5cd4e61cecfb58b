// Signing a report: the facts it must carry (409 report_facts_missing naming each), the place, and the
// UDIN of a chartered-accountant signatory (400 naming /udin when missing, malformed or not theirs);
// nothing on the engagement changes once it is signed (docs/statutes.md, Who may sign).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/pdf.js';
import { reportSections } from '../../helpers/report-sections.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { engagementAtGate3 } from '../../helpers/final-report.js';
import { createHash } from 'node:crypto';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Signing Rules LLP', 'Vani Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const approve = (id: string, gate: string, s: Session, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/${gate}/approve`, headers: asUser(s), payload });
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${id}`, headers: asUser(valuer), payload });

/** The admin signs on their ICAI membership only (FEMA may be certified by a chartered accountant). */
async function signAsCharteredAccountant() {
  const me = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    headers: asUser(admin),
    payload: { registrations: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }] },
  });
  assert.equal(me.statusCode, 200, me.body);
}

const atGate3 = (body: Record<string, unknown>) => engagementAtGate3(t, { admin, valuer, reviewer }, body);

test('GATE_3 without the report facts is 409 report_facts_missing naming each; PATCHing them in lets it through', async () => {
  const id = await atGate3({
    appointingAuthority: undefined,
    appointmentDate: undefined,
    companyBackground: undefined,
  });
  const got = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(valuer) })).json();
  assert.deepEqual(got.reportFactsMissing, ['appointingAuthority', 'appointmentDate', 'companyBackground']);
  const refused = await approve(id, 'GATE_3', admin, { place: 'Mumbai' });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'report_facts_missing');
  assert.deepEqual(
    refused.json().errors.map((e: { path: string }) => e.path),
    ['/appointingAuthority', '/appointmentDate', '/companyBackground'],
  );
  // The report facts stay editable at GATE_3 (the valuation's own facts do not).
  assert.equal((await patch(id, { valuationDate: '2026-04-01' })).json().code, 'computation_started');
  const short = await patch(id, { companyBackground: 'Too short.' });
  assert.equal(short.statusCode, 400);
  assert.equal(
    short.json().errors[0].message,
    'Write at least 50 characters about the company: its business, history and industry',
  );
  const filled = await patch(id, {
    appointingAuthority: 'Board of Directors of Sample Manufacturing Private Limited',
    appointmentDate: '2026-04-02',
    companyBackground:
      'Sample Manufacturing makes precision castings for the automotive industry from two plants in Pune.',
  });
  assert.equal(filled.statusCode, 200, filled.body);
  assert.deepEqual(filled.json().reportFactsMissing, []);
  const noPlace = await approve(id, 'GATE_3', admin, {});
  assert.equal(noPlace.statusCode, 400);
  assert.equal(noPlace.json().errors[0].path, '/place');
  const signed = await approve(id, 'GATE_3', admin, { place: 'Mumbai' });
  assert.equal(signed.statusCode, 200, signed.body);
  assert.equal(signed.json().signingPlace, 'Mumbai');
  // Signed: nothing changes any more.
  const after = await patch(id, { addressee: 'The Shareholders' });
  assert.equal(after.statusCode, 409);
  assert.equal(after.json().code, 'report_signed');
});

test('a chartered-accountant signatory gives a UDIN: refused when missing, malformed or not their membership number', async () => {
  // FEMA may be certified by a chartered accountant; the admin signs on their ICAI membership only.
  await signAsCharteredAccountant();
  const id = await atGate3({ statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' });
  for (const [udin, expect] of [
    [undefined, /enter the UDIN/],
    ['26123456ABCDE1234', /18 characters/],
    ['26123456abcde1234!', /18 characters/],
    ['26654321ABCDE12345', /membership number 654321 is not yours/],
  ] as const) {
    const refused = await approve(id, 'GATE_3', admin, { place: 'Mumbai', ...(udin ? { udin } : {}) });
    assert.equal(refused.statusCode, 400, `${udin}: ${refused.body}`);
    assert.equal(refused.json().errors[0].path, '/udin');
    assert.match(refused.json().errors[0].message, expect);
  }
  const signed = await approve(id, 'GATE_3', admin, { place: 'Pune', udin: '26123456ABCDE12345' });
  assert.equal(signed.statusCode, 200, signed.body);
  assert.equal(signed.json().udin, '26123456ABCDE12345');

  // The FINAL report: every section of a registered valuer's report, in order; the signature block with
  // the signatory, registration, place, date and UDIN; the value in words. The verify endpoint agrees.
  await t.worker.drain();
  const pdf = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) }))
    .rawPayload;
  const text = pdfText(pdf);
  const headings = reportSections({ sensitivity: true });
  let from = text.indexOf('Contents') + 'Contents'.length;
  from = text.indexOf(headings[0], text.indexOf('Signature', from)); // past the table of contents
  for (const heading of headings) {
    const at = text.indexOf(heading, from);
    assert.ok(at >= from, `the section "${heading}" follows the one before it`);
    from = at;
  }
  assert.equal(
    text.split('Sensitivity analysis').length - 1,
    2,
    'the sensitivity is shown once (and listed once in the contents)',
  );
  const signature = text.slice(text.lastIndexOf('Signature'), text.lastIndexOf('Verify this report'));
  for (const expected of [
    'Signed by',
    'Signing Rules LLP',
    'ICAI',
    '123456',
    'Place Pune',
    'UDIN 26123456ABCDE12345',
    'Date',
  ]) {
    assert.ok(signature.includes(expected), `the signature block shows ${expected}: ${signature}`);
  }
  assert.match(text, /In words: Rupees [a-z -]+ and paise [a-z -]+ only\.|In words: Rupees [a-z -]+ only\./);
  const sha = createHash('sha256').update(pdf).digest('hex');
  const verified = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha}` })).json();
  assert.equal(verified.udin, '26123456ABCDE12345');
  assert.equal(verified.place, 'Pune');
});

test("a UDIN is one document's: a second report signed with a UDIN already used in the firm is 409 naming /udin, and nothing changes", async () => {
  await signAsCharteredAccountant();
  const body = { statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' };
  const first = await atGate3({ ...body, targetEntity: 'First Castings Private Limited' });
  const second = await atGate3(body);
  const signed = await approve(first, 'GATE_3', admin, { place: 'Pune', udin: '26123456UDINONCE01' });
  assert.equal(signed.statusCode, 200, signed.body);
  const refused = await approve(second, 'GATE_3', admin, { place: 'Pune', udin: '26123456udinonce01' });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'udin_already_used');
  assert.equal(refused.json().errors[0].path, '/udin');
  assert.match(refused.json().detail, /26123456UDINONCE01 is already on the firm's report on First Castings/);
  const still = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${second}`, headers: asUser(admin) })
  ).json();
  assert.equal(still.status, 'GATE_3', 'a refused sign-off changes nothing');
  assert.equal(still.udin, null);
  assert.equal(still.signingPlace, null);
  const own = await approve(second, 'GATE_3', admin, { place: 'Pune', udin: '26123456UDINONCE02' });
  assert.equal(own.statusCode, 200, own.body);
});

test("a chartered accountant signs for a firm with an ICAI Firm Registration Number: without it 409 naming the firm profile's field; with it the report prints it", async () => {
  const setFirm = (payload: object) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/settings/firm', headers: asUser(admin), payload });
  await signAsCharteredAccountant();
  assert.equal((await setFirm({ icaiFirmRegistrationNumber: null })).json().icaiFirmRegistrationNumber, null);
  const id = await atGate3({ statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' });
  const refused = await approve(id, 'GATE_3', admin, { place: 'Pune', udin: '26123456FRNTEST001' });
  assert.equal(refused.statusCode, 409, refused.body);
  assert.equal(refused.json().code, 'firm_registration_missing');
  assert.equal(refused.json().errors[0].path, '/settings/firm/icaiFirmRegistrationNumber');
  assert.match(refused.json().detail, /Settings, Firm profile/);
  const still = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })
  ).json();
  assert.equal(still.status, 'GATE_3', 'a refused sign-off changes nothing');
  for (const wrong of ['12345W', '123456X', 'W123456']) {
    const bad = await setFirm({ icaiFirmRegistrationNumber: wrong });
    assert.equal(bad.statusCode, 400, wrong);
    assert.equal(bad.json().errors[0].path, '/icaiFirmRegistrationNumber');
  }
  const set = await setFirm({ icaiFirmRegistrationNumber: ' 654321s ' });
  assert.equal(set.statusCode, 200, set.body);
  assert.equal(set.json().icaiFirmRegistrationNumber, '654321S');
  const signed = await approve(id, 'GATE_3', admin, { place: 'Pune', udin: '26123456FRNTEST001' });
  assert.equal(signed.statusCode, 200, signed.body);
  await t.worker.drain();
  const pdf = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) }))
    .rawPayload;
  const text = pdfText(pdf).replace(/\s+/g, ' ');
  assert.match(text, /For Signing Rules LLP \(ICAI Firm Registration No\. 654321S\)/);
  assert.match(text, /The firm's ICAI Firm Registration Number is 654321S\./);
});

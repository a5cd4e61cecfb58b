// The facts a signed report states about the transaction and the appointment (docs/reports.md, The transaction):
// recorded at creation or by PATCH, returned with the shareholding's percentages, refused with 400 naming the field
// when they do not hold together, and printed in the report's scope and background.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/pdf.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { engagementAtGate3 } from '../../helpers/final-report.js';
import { FIXTURE_VALUATION_DATE, REPORT_FACTS } from '../../helpers/engagements.js';
import { todayInIndia } from '../../../src/contract/today.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Transaction Facts LLP', 'Meera Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const create = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/engagements', headers: asUser(valuer), payload });
const patch = (id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${id}`, headers: asUser(valuer), payload });
const get = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })).json();
const paths = (res: { json(): { errors?: { path: string }[] } }) => (res.json().errors ?? []).map((e) => e.path);

const BASIS = 'Section 247(1) of the Companies Act, 2013: appointed by the audit committee of the company';
const LETTER = '2026-04-03';

const TRANSFER = {
  kind: 'TRANSFER',
  transferor: 'Anil Deshpande',
  transferee: 'Kavita Joshi',
  numberOfShares: 125000,
  instrument: 'EQUITY',
  consideration: '31250000.00',
  date: FIXTURE_VALUATION_DATE,
  shareholding: [
    { holder: 'Anil Deshpande', before: 600000, after: 475000 },
    { holder: 'Kavita Joshi', before: 0, after: 125000 },
    { holder: 'Sunil Deshpande', before: 400000, after: 400000 },
  ],
};

const ISSUE = {
  kind: 'ISSUE',
  allottees: [
    { name: 'Horizon Growth Fund I', country: 'Singapore', instrument: 'CCPS', number: 40000, pricePerShare: '312.50' },
  ],
  date: FIXTURE_VALUATION_DATE,
  shareholding: [
    { holder: 'Promoters', before: 1000000, after: 1000000 },
    { holder: 'Horizon Growth Fund I', before: 0, after: 40000 },
  ],
};

const base = {
  targetEntity: 'Sample Manufacturing Pvt Ltd',
  cin: 'U28100MH2015PTC123456',
  valuationDate: FIXTURE_VALUATION_DATE,
  ...REPORT_FACTS,
};

test('a transfer recorded at creation comes back with the percentages the service works out, and the basis and letter date', async () => {
  const res = await create({
    ...base,
    statute: 'RULE_11UA',
    purpose: 'TRANSFER_OR_RECEIPT',
    transaction: TRANSFER,
    appointmentBasis: BASIS,
    engagementLetterDate: LETTER,
  });
  assert.equal(res.statusCode, 201, res.body);
  const e = await get(res.json().id);
  assert.equal(e.appointmentBasis, BASIS);
  assert.equal(e.engagementLetterDate, LETTER);
  assert.equal(e.transactionDate, FIXTURE_VALUATION_DATE);
  assert.equal(e.transaction.transferee, 'Kavita Joshi');
  assert.equal(e.transaction.consideration, '31250000.00');
  assert.deepEqual(
    e.transaction.shareholding.map((r: { percentBefore: string; percentAfter: string }) => [
      r.percentBefore,
      r.percentAfter,
    ]),
    [
      ['60.00', '47.50'],
      ['0.00', '12.50'],
      ['40.00', '40.00'],
    ],
  );
  // A purpose that prices another kind of transaction is refused while the transfer is recorded.
  const purpose = await patch(e.id, { purpose: 'ISSUE_OF_SHARES' });
  assert.equal(purpose.statusCode, 400, purpose.body);
  assert.deepEqual(paths(purpose), ['/purpose']);
});

test('bad transaction facts are 400 naming the field, and nothing is created', async () => {
  const s62 = { ...base, statute: 'COMPANIES_ACT_SEC_62' };
  const zero = await create({ ...s62, transaction: { ...ISSUE, allottees: [{ ...ISSUE.allottees[0], number: 0 }] } });
  assert.equal(zero.statusCode, 400, zero.body);
  assert.ok(paths(zero).includes('/transaction/allottees/0/number'), zero.body);
  const fraction = await create({
    ...s62,
    transaction: { ...ISSUE, allottees: [{ ...ISSUE.allottees[0], number: 1.5 }] },
  });
  assert.ok(paths(fraction).includes('/transaction/allottees/0/number'), fraction.body);

  const noCountry = { ...ISSUE.allottees[0], country: undefined };
  const fema = await create({
    ...base,
    statute: 'FEMA_RBI',
    purpose: 'ISSUE_TO_NON_RESIDENT',
    transaction: { ...ISSUE, allottees: [noCountry] },
  });
  assert.equal(fema.statusCode, 400, fema.body);
  assert.deepEqual(paths(fema), ['/transaction/allottees/0/country']);
  // Outside FEMA the country is the valuer's choice.
  assert.equal((await create({ ...s62, transaction: { ...ISSUE, allottees: [noCountry] } })).statusCode, 201);

  const [promoters, fund] = ISSUE.shareholding;
  const off = await create({ ...s62, transaction: { ...ISSUE, shareholding: [promoters, { ...fund, after: 39000 }] } });
  assert.equal(off.statusCode, 400, off.body);
  assert.deepEqual(paths(off), ['/transaction/shareholding/1/after']);
  assert.match(off.json().errors[0].message, /40000: 0 before \+ 40000 allotted/);
  const missing = await create({ ...s62, transaction: { ...ISSUE, shareholding: [promoters] } });
  assert.deepEqual(paths(missing), ['/transaction/allottees/0/name']);

  const wrongKind = await create({ ...s62, transaction: TRANSFER });
  assert.deepEqual(paths(wrongKind), ['/transaction/kind']);
  const transferOff = await create({
    ...base,
    statute: 'RULE_11UA',
    purpose: 'TRANSFER_OR_RECEIPT',
    transaction: {
      ...TRANSFER,
      shareholding: [{ ...TRANSFER.shareholding[0], after: 500000 }, ...TRANSFER.shareholding.slice(1)],
    },
  });
  assert.deepEqual(paths(transferOff), ['/transaction/shareholding/0/after']);

  const tomorrow = new Date(Date.parse(todayInIndia()) + 86_400_000).toISOString().slice(0, 10);
  const late = await create({ ...s62, engagementLetterDate: tomorrow });
  assert.deepEqual(paths(late), ['/engagementLetterDate']);
  const otherDate = await create({ ...s62, transactionDate: '2026-03-30', transaction: ISSUE });
  assert.deepEqual(paths(otherDate), ['/transaction/date']);
});

test('PATCH records, corrects and clears the facts; the transaction keeps the engagement transaction date', async () => {
  const created = await create({ ...base, statute: 'COMPANIES_ACT_SEC_62' });
  assert.equal(created.statusCode, 201, created.body);
  const id = created.json().id;
  assert.equal((await get(id)).transaction, null);

  const recorded = await patch(id, { transaction: ISSUE, appointmentBasis: BASIS, engagementLetterDate: LETTER });
  assert.equal(recorded.statusCode, 200, recorded.body);
  assert.equal(recorded.json().transaction.allottees[0].name, 'Horizon Growth Fund I');
  assert.equal(recorded.json().transaction.shareholding[1].percentAfter, '3.85');

  const moved = await patch(id, { transaction: { ...ISSUE, date: '2026-03-30' } });
  assert.equal(moved.statusCode, 400);
  assert.deepEqual(paths(moved), ['/transaction/date']);
  const alone = await patch(id, { transactionDate: '2026-03-30' });
  assert.deepEqual(paths(alone), ['/transactionDate']);
  const both = await patch(id, { transactionDate: '2026-03-30', transaction: { ...ISSUE, date: '2026-03-30' } });
  assert.equal(both.statusCode, 200, both.body);
  assert.equal(both.json().transactionDate, '2026-03-30');

  const badPatch = await patch(id, { transaction: { ...ISSUE, date: '2026-03-30', allottees: [] } });
  assert.deepEqual(paths(badPatch), ['/transaction/allottees']);

  const cleared = await patch(id, { transaction: null, appointmentBasis: null, engagementLetterDate: null });
  assert.equal(cleared.statusCode, 200, cleared.body);
  const after = await get(id);
  assert.equal(after.transaction, null);
  assert.equal(after.appointmentBasis, null);
  assert.equal(after.engagementLetterDate, null);
});

test('the report names the parties, the shareholding before and after, the basis of appointment and the letter date', async () => {
  const id = await engagementAtGate3(
    t,
    { admin, valuer, reviewer },
    { transaction: TRANSFER, appointmentBasis: BASIS, engagementLetterDate: LETTER },
  );
  const signed = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${id}/gates/GATE_3/approve`,
    headers: asUser(admin),
    payload: { place: 'Mumbai' },
  });
  assert.equal(signed.statusCode, 200, signed.body);
  // Signed off, the facts are the report's: a PATCH is refused.
  assert.equal((await patch(id, { appointmentBasis: `${BASIS}, again` })).statusCode, 409);
  await t.worker.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}/report`, headers: asUser(admin) });
  assert.equal(res.statusCode, 200, res.body);
  const text = pdfText(res.rawPayload);
  for (const shown of [
    'Transferor Anil Deshpande',
    'Transferee Kavita Joshi',
    '1,25,000 equity shares',
    '₹3,12,50,000.00 in all, ₹250.00 per share',
    'Shareholding before and after the transfer',
    // pdftotext may read a table's first column apart from its figures, so the figures are matched on their own.
    '6,00,000 60.00 % 4,75,000 47.50 %',
    '0 0.00 % 1,25,000 12.50 %',
    'Total 10,00,000 100.00 % 10,00,000 100.00 %',
    `Basis of appointment. ${BASIS}.`,
    'Date of the engagement letter 3 April 2026',
  ]) {
    assert.ok(text.includes(shown), `the report shows ${shown}: ${text.slice(-6000)}`);
  }
});

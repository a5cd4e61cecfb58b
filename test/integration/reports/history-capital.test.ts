// The financials' history and capital table reach the signed report through the API: the example
// file (the one the console offers) taken to a FINAL report whose text shows every historical year,
// every holder, and no reviewer's note (docs/decisions.md, Reports).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { pdfText } from '../../helpers/pdf.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { createEngagement, lock, SIGNING, upload } from '../../helpers/engagements.js';
import { setPaymentStatus } from '../../../src/features/engagements/engagements.repository.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session;
reviewTeamApp('Kulkarni & Desai Valuers LLP', 'Vikram Valuer', (s) => ({ t, admin, valuer, reviewer } = s));

const approve = (id: string, gate: string, who: Session, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${id}/gates/${gate}/approve`,
    headers: asUser(who),
    payload,
  });

test("the example financials to a FINAL report: every historical year and every holder, no reviewer's note", async () => {
  const example = (
    await t.app.inject({ method: 'GET', url: '/api/v1/templates/financials-example.json', headers: asUser(valuer) })
  ).rawPayload;
  const e = await createEngagement(t, asUser(valuer), { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  assert.equal((await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'financials.json', example)).statusCode, 201);
  await t.worker.drain();
  const locked = await lock(t, asUser(valuer), e.id);
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  const marker = `internal-note-${Date.now()}`;
  for (const [gate, who, payload] of [
    ['GATE_1', valuer, {}],
    ['GATE_2', reviewer, { comment: `Checked the capital table (${marker})` }],
  ] as const) {
    const res = await approve(e.id, gate, who, payload);
    assert.equal(res.statusCode, 200, `${gate}: ${res.body}`);
  }
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  const signed = await approve(e.id, 'GATE_3', admin, SIGNING);
  assert.equal(signed.statusCode, 200, signed.body);
  await t.worker.drain();
  const text = pdfText(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: asUser(admin) }))
      .rawPayload,
  );
  for (const expected of [
    'Historical financial performance',
    'FY2024',
    'FY2025',
    'FY2026',
    'Revenue growth',
    'EBITDA margin',
    'Capital structure and shareholding',
    'Rahul Kulkarni (promoter)',
    'Meera Kulkarni (promoter group)',
    'Pune Growth Fund I',
    'Employee stock option pool',
    '60.00 %',
  ]) {
    assert.ok(text.includes(expected), `the FINAL report shows ${expected}`);
  }
  assert.ok(!text.includes(marker), "a reviewer's comment never prints in the client's report");

  // The firm keeps it: the review record has every decision with its comment, the documents as received (the
  // upload's file name, which the client's report does not print), and the assumptions.
  assert.ok(!text.includes('financials.json'), "the client's report names no uploaded file");
  const record = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${e.id}/review-record.pdf`,
    headers: asUser(reviewer),
  });
  assert.equal(record.statusCode, 200);
  assert.equal(record.headers['content-type'], 'application/pdf');
  const recordText = pdfText(record.rawPayload);
  for (const expected of [
    marker,
    'Round 1',
    'Gate 1',
    'Gate 2',
    'Gate 3',
    'Vikram Valuer',
    'Rekha Reviewer',
    'Version',
    'Documents received',
    'financials.json',
    '12.5% / 4%',
    'Internal to Kulkarni & Desai Valuers LLP',
  ]) {
    assert.ok(recordText.includes(expected), `the review record shows ${expected}: ${recordText.slice(0, 600)}`);
  }
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../helpers/app.js';
import { asToken, asUser, createToken, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { decide, engagementAtGate1, VALID_ASSUMPTIONS } from '../../helpers/engagements.js';
import { setPaymentStatus } from '../../../src/features/engagements/engagements.repository.js';
import { canonicalCertificate } from '../../../src/reports/certificate.js';

let t: TestApp, admin: Session, valuer: Session, reviewer: Session, token: string;
reviewTeamApp('Mehta & Rao Registered Valuers', 'Vikram Valuer', async (s) => {
  ({ t, admin, valuer, reviewer } = s);
  token = (await createToken(t, admin, 'reviewer bot')).token;
});

const gate = (id: string, g: string, verb: 'approve' | 'reject', headers: Record<string, string>, payload?: object) =>
  decide(t, id, g, verb, headers, payload);

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'vs-pdf-'));
  writeFileSync(join(dir, 'r.pdf'), pdf);
  return execFileSync('pdftotext', ['-nodiag', '-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
}

test('full flow: GATE_1 → GATE_2 (another principal) → GATE_3 (ADMIN, paid) → COMPLETED with a signed FINAL report', async () => {
  // A transfer on 31 March 2026, under the Income-tax Act, 1961 and Rule 11UA.
  const e = await engagementAtGate1(t, asUser(valuer), {
    targetEntity: 'Sample Manufacturing Pvt Ltd',
    cin: 'U28100MH2015PTC123456',
    valuationDate: '2026-03-31',
  });
  let status = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report/status`, headers: asUser(valuer) })
  ).json();
  assert.equal(status.status, 'READY');
  assert.equal(status.kind, 'DRAFT');
  const draftPdf = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: asUser(valuer) })
  ).rawPayload;
  const draftSha = createHash('sha256').update(draftPdf).digest('hex');

  assert.equal((await gate(e.id, 'GATE_2', 'approve', asUser(valuer))).statusCode, 409, 'wrong gate');
  assert.equal(
    (await gate(e.id, 'GATE_1', 'approve', asUser(valuer), { comment: 'Inputs tie to audited accounts' })).statusCode,
    200,
  );
  const same = await gate(e.id, 'GATE_2', 'approve', asUser(valuer));
  assert.equal(same.statusCode, 409);
  assert.equal(same.json().code, 'independent_review_required');
  assert.match(same.json().detail, /Vikram Valuer locked the assumptions and approved Gate 1 \(data verification\)/);
  const bot = await gate(e.id, 'GATE_2', 'approve', asToken(token));
  assert.equal(bot.statusCode, 403, 'a token decides no gate');
  assert.equal(bot.json().code, 'person_required');
  assert.equal((await gate(e.id, 'GATE_2', 'approve', asUser(reviewer))).statusCode, 200);
  assert.equal((await gate(e.id, 'GATE_3', 'approve', asUser(valuer))).statusCode, 403, 'VALUER at GATE_3');
  assert.equal((await gate(e.id, 'GATE_3', 'approve', asToken(token))).statusCode, 403, 'token at GATE_3');
  const unpaid = await gate(e.id, 'GATE_3', 'approve', asUser(admin), { place: 'Mumbai' });
  assert.equal(unpaid.statusCode, 409);
  assert.equal(unpaid.json().code, 'payment_required');
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  const done = await gate(e.id, 'GATE_3', 'approve', asUser(admin), { comment: 'Signed off', place: 'Mumbai' });
  assert.equal(done.statusCode, 200, done.body);
  assert.equal(done.json().status, 'COMPLETED');
  await t.worker.drain();

  status = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report/status`, headers: asUser(valuer) })
  ).json();
  assert.equal(status.status, 'READY');
  assert.equal(status.kind, 'FINAL');
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: asUser(valuer) });
  assert.equal(res.statusCode, 200);
  assert.equal(res.headers['content-type'], 'application/pdf');
  assert.match(String(res.headers['content-disposition']), /valuation-report-Sample-Manufacturing-Pvt-Ltd-final\.pdf/);
  const pdf = res.rawPayload;
  const sha = createHash('sha256').update(pdf).digest('hex');
  assert.equal(res.headers.etag, `"${sha}"`);
  assert.equal(status.sha256, sha);

  const text = pdfText(pdf).replace(/\s+/g, ' ');
  const valuation = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: asUser(valuer) })
  ).json();
  const perShare = valuation.conclusion.valuePerShare as string;
  const grouped = Number(perShare).toLocaleString('en-IN', { minimumFractionDigits: 2 });
  for (const expected of [
    'Sample Manufacturing Pvt Ltd',
    'U28100MH2015PTC123456',
    'Rule 11UA',
    grouped,
    'Asha Admin',
    // The signature block: the signatory's qualifying registration (Rule 11UA with a DCF: a SEBI merchant banker) and designation, the firm's legal name.
    'INM000012345 (SEBI merchant banker)',
    'Asha Admin, Partner',
    'Mehta & Rao Registered Valuers',
  ]) {
    assert.ok(
      text.includes(expected),
      `the FINAL report mentions ${expected}: ${text.slice(text.indexOf('Signed by'), text.indexOf('Signed by') + 400)}`,
    );
  }
  // A transfer on the prescribed NAV prints that NAV alone: not the WACC, nor its rationale (docs/reports.md, Only what
  // the statute allows).
  assert.ok(!text.includes(VALID_ASSUMPTIONS.rationale.slice(0, 30)), 'no WACC rationale in a prescribed-NAV report');
  // Who locked and who reviewed is the firm's working file (the review record), never the client's report.
  for (const internal of ['Vikram Valuer', 'Rekha Reviewer', 'Gate 1', 'Locked', e.id, status.reportId])
    assert.ok(!text.includes(internal), `the FINAL report prints ${internal}`);
  // The public verification page (PUBLIC_BASE_URL + /verify), where the file is dropped; never the API look-up.
  // The firm's own reference, from the initials of its name, first of the financial year; on the cover and in the line.
  const reference = /Firm's reference (MRRV\/\d{4}-\d{2}\/0001)/.exec(text)?.[1];
  assert.ok(reference, "the cover gives the firm's reference");
  assert.ok(text.includes(`Verify this report (${reference}) at `), 'the verification line names the reference');
  assert.match(
    text,
    /Verify this report \([^)]+\) at https?:\/\/[^\s]+\/verify, which confirms whether a copy is the report as issued/,
  );
  assert.ok(!text.includes('/api/v1/'));

  // What the report leaves out stays in the firm's review record: the ids, the reference, the hash, the certificate.
  const record = pdfText(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/engagements/${e.id}/review-record.pdf`,
        headers: asUser(valuer),
      })
    ).rawPayload,
  ).replace(/\s+/g, ' ');
  for (const kept of [
    `FINAL ${reference} (ready)`,
    `Service id ${status.reportId} of engagement ${e.id}`,
    `SHA-256 ${sha}`,
    "The service's Ed25519 signature (key",
    "the service's own CA, ",
    'reports/ca-certificate',
    'Rekha Reviewer',
  ])
    assert.ok(
      record.includes(kept),
      `the review record keeps ${kept}: ${record.slice(record.indexOf('Reports'), 2000)}`,
    );

  // Verification: the downloaded bytes verify; one changed byte does not; the signature checks out with node:crypto.
  const ok = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha}` })).json();
  assert.equal(ok.valid, true);
  assert.equal(ok.targetEntity, 'Sample Manufacturing Pvt Ltd');
  assert.equal(ok.statute, 'RULE_11UA');
  assert.equal(ok.firm, 'Mehta & Rao Registered Valuers');
  assert.equal(ok.signedBy, 'Asha Admin');
  assert.equal(ok.designation, 'Partner');
  assert.match(ok.registration, /INM000012345 \(SEBI merchant banker\)/);
  assert.equal(ok.certificate.registration, ok.registration, 'the registration is signed into the certificate');
  const key = (await t.app.inject({ method: 'GET', url: '/api/v1/reports/signing-key' })).json();
  assert.ok(
    verify(
      null,
      Buffer.from(canonicalCertificate(ok.certificate)),
      createPublicKey(key.publicKeyPem),
      Buffer.from(ok.signature, 'base64'),
    ),
  );
  // Offline check needs no rule re-derived: the exact signed bytes come back, and the served certificate is them, parsed.
  assert.equal(ok.signatureAlgorithm, 'Ed25519');
  assert.match(ok.canonicalization, /keys sorted/);
  assert.ok(
    verify(
      null,
      Buffer.from(ok.signedPayload, 'utf8'),
      createPublicKey(key.publicKeyPem),
      Buffer.from(ok.signature, 'base64'),
    ),
  );
  assert.equal(JSON.stringify(ok.certificate), ok.signedPayload, 'certificate in canonical key order, byte for byte');
  assert.equal(JSON.parse(ok.signedPayload).sha256, sha);
  const tampered = Buffer.from(pdf);
  tampered[Math.floor(tampered.length / 2)] ^= 0x01;
  const bad = (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/reports/verify/${createHash('sha256').update(tampered).digest('hex')}`,
    })
  ).json();
  assert.equal(bad.valid, false);
  const draft = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${draftSha}` })).json();
  assert.equal(draft.valid, false, 'a DRAFT never verifies as FINAL');
  assert.match(draft.reason, /DRAFT/);
});

test('report download is 409 before any report; a short reject reason is 400; a reject moves to FAILED', async () => {
  const t2 = t;
  const fresh = await t2.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers: asToken(token),
    payload: { targetEntity: 'No Report Yet Ltd', statute: 'FEMA_RBI' },
  });
  const none = await t2.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${fresh.json().id}/report`,
    headers: asToken(token),
  });
  assert.equal(none.statusCode, 409);
  assert.equal(
    (
      await t2.app.inject({
        method: 'GET',
        url: `/api/v1/engagements/${fresh.json().id}/report/status`,
        headers: asToken(token),
      })
    ).json().status,
    'NOT_STARTED',
  );
  const e = await engagementAtGate1(t, asToken(token));
  const short = await gate(e.id, 'GATE_1', 'reject', asUser(valuer), { reason: 'too short' });
  assert.equal(short.statusCode, 400);
  const rej = await gate(e.id, 'GATE_1', 'reject', asUser(valuer), {
    reason: 'Projections ignore the FY2026 plant shutdown.',
  });
  assert.equal(rej.statusCode, 200);
  assert.equal(rej.json().status, 'FAILED');
  assert.match(rej.json().failureReason, /plant shutdown/);
});

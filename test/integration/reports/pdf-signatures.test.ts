// The FINAL's PDF seal and the partner's DSC on top (docs/report-signatures.md): checked by poppler's
// pdfsig as an outside reader, signed by pdfsig -add-signature with a certificate from an NSS database made
// here (certutil), the way a partner's own software appends their signature.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asUser, reviewTeam, type Session } from '../../helpers/principals.js';
import { engagementAtGate1, multipart } from '../../helpers/engagements.js';
import { addSignatureWithPdfsig, nssDatabaseWithCertificate, pdfsig } from '../../helpers/pdfsig.js';
import { makePkcs12 } from '../../helpers/pkcs12.js';
import { pdfText } from '../../helpers/pdf.js';
import { setPaymentStatus } from '../../../src/db/repositories/engagements.js';

const FIRM = 'Seal And Sign Valuers LLP';
let t: TestApp;
let admin: Session;
let valuer: Session;
let reviewer: Session;
before(async () => {
  t = await createTestApp();
  ({ admin, valuer, reviewer } = await reviewTeam(t, FIRM, 'Vani Valuer'));
});
after(() => t.close());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const approve = (id: string, gate: string, s: Session, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1/engagements/${id}/gates/${gate}/approve`, headers: asUser(s), payload });

/** An engagement taken through the three gates by the admin (the signatory); its FINAL, as downloaded. */
async function completedWithFinal(): Promise<{ id: string; pdf: Buffer }> {
  const e = await engagementAtGate1(t, asUser(valuer));
  assert.equal((await approve(e.id, 'GATE_1', valuer)).statusCode, 200);
  assert.equal((await approve(e.id, 'GATE_2', reviewer)).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  const signed = await approve(e.id, 'GATE_3', admin, { place: 'Mumbai' });
  assert.equal(signed.statusCode, 200, signed.body);
  await t.worker.drain();
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report`, headers: asUser(admin) });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.headers['x-report-kind'], 'FINAL');
  return { id: e.id, pdf: res.rawPayload };
}

const uploadCopy = (id: string, data: Buffer, who: Session = admin) => {
  const mp = multipart({}, { name: 'signed.pdf', data, type: 'application/pdf' });
  return t.app.inject({ method: 'PUT', url: `/api/v1/engagements/${id}/report/signed-copy`, headers: { ...asUser(who), ...mp.headers }, payload: mp.payload });
};

const uploadP12 = (data: Buffer, password: string) => {
  const mp = multipart({ password }, { name: 'firm.p12', data, type: 'application/x-pkcs12' });
  return t.app.inject({ method: 'PUT', url: '/api/v1/settings/firm/signing-certificate', headers: { ...asUser(admin), ...mp.headers }, payload: mp.payload });
};

let sealed: { id: string; pdf: Buffer };

test('every FINAL is sealed with a PDF signature any reader verifies: pdfsig finds one valid SHA-256 signature by the firm, issued by the service\'s CA', async () => {
  sealed = await completedWithFinal();
  const { signatures, text } = pdfsig(sealed.pdf);
  assert.equal(signatures.length, 1, text);
  const [seal] = signatures;
  assert.equal(seal!.validation, 'Signature is Valid.', text);
  assert.equal(seal!.hash, 'SHA-256');
  assert.equal(seal!.type, 'adbe.pkcs7.detached');
  assert.equal(seal!.commonName, FIRM);
  assert.ok(seal!.totalDocumentSigned, text);
  // The signature dictionary names the signatory and the statute; the signature page says it is sealed.
  assert.match(sealed.pdf.toString('latin1'), /\/Name \(Asha Admin\)/);
  assert.match(sealed.pdf.toString('latin1'), /\/Reason \(Valuation report under Income-tax Rules, 1962, Rule 11UA\)/);
  assert.match(pdfText(sealed.pdf), /Sealed with the firm's PDF signature on this page/);

  // No certificate uploaded: the service issued the firm one from its CA, whose certificate is public.
  const cert = (await t.app.inject({ method: 'GET', url: '/api/v1/settings/firm/signing-certificate', headers: asUser(valuer) })).json();
  assert.equal(cert.source, 'ISSUED');
  assert.match(cert.subject, new RegExp(`CN=${FIRM}`));
  const ca = await t.app.inject({ method: 'GET', url: cert.caCertificateUrl });
  assert.equal(ca.statusCode, 200);
  assert.match(ca.headers['content-type'] as string, /application\/x-pem-file/);
  assert.match(ca.body, /-----BEGIN CERTIFICATE-----/);
  assert.match(pdfText(sealed.pdf), /ca-certificate \(the service's own CA, not an external authority\)/);
  // A reader told to trust that CA shows the seal's certificate as trusted.
  const nss = mkdtempSync(join(tmpdir(), 'vs-nss-ca-'));
  execFileSync('certutil', ['-N', '-d', nss, '--empty-password']);
  const caFile = join(nss, 'ca.pem');
  writeFileSync(caFile, ca.body);
  execFileSync('certutil', ['-A', '-d', nss, '-n', 'service-ca', '-t', 'CT,C,C', '-a', '-i', caFile]);
  assert.match(pdfsig(sealed.pdf, { nssdir: nss }).text, /Certificate Validation: Certificate is Trusted\./);

  // The verify endpoint knows the sealed file by the SHA-256 of its bytes.
  const verified = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(sealed.pdf)}` })).json();
  assert.equal(verified.valid, true);
  assert.equal(verified.copy, 'SEALED');
  assert.equal(verified.pdfSignatures.length, 1);
  assert.equal(verified.pdfSignatures[0].role, 'SEAL');
  assert.equal(verified.pdfSignatures[0].trust, 'SERVICE_CA');
  assert.equal(verified.pdfSignatures[0].commonName, FIRM);
  assert.equal(verified.pdfSignatures[0].valid, true);

  // Awaiting the partner's signature until a signed copy comes or the sealed copy is issued.
  const e = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${sealed.id}`, headers: asUser(admin) })).json();
  assert.equal(e.status, 'COMPLETED');
  assert.equal(e.awaitingPartnerSignature, true);
  assert.equal(e.issuedCopy, null);
  // "Waiting for me" lists it for the signatory only.
  const inbox = (await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: asUser(admin) })).json();
  assert.deepEqual(inbox.items.filter((i: { engagementId: string }) => i.engagementId === sealed.id).map((i: { action: string }) => i.action), ['SIGN_WITH_DSC']);
  const theirs = (await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: asUser(valuer) })).json();
  assert.equal(theirs.items.filter((i: { engagementId: string }) => i.engagementId === sealed.id).length, 0);
});

test('the partner signs the downloaded FINAL with their DSC (pdfsig -add-signature): the copy is accepted, both signatures verify, and verify knows both files', async () => {
  const nss = nssDatabaseWithCertificate('partner-dsc', 'CN=Asha Admin,O=Test DSC Authority,C=IN');
  const signedCopy = addSignatureWithPdfsig(sealed.pdf, nss, 'partner-dsc');
  assert.ok(signedCopy.subarray(0, sealed.pdf.length).equals(sealed.pdf), 'pdfsig appends an incremental update');
  const two = pdfsig(signedCopy);
  assert.equal(two.signatures.length, 2, two.text);
  assert.ok(two.signatures.every((s) => s.validation === 'Signature is Valid.'), two.text);
  assert.equal(two.signatures[1]!.commonName, 'Asha Admin');

  const res = await uploadCopy(sealed.id, signedCopy);
  assert.equal(res.statusCode, 200, res.body);
  const copy = res.json();
  assert.equal(copy.sha256, sha(signedCopy));
  assert.equal(copy.signatures.length, 1);
  const [dsc] = copy.signatures;
  assert.equal(dsc.commonName, 'Asha Admin');
  assert.match(dsc.subject, /O=Test DSC Authority/);
  assert.match(dsc.issuer, /CN=Asha Admin/);
  assert.ok(dsc.serialNumber.length > 0);
  assert.ok(Date.parse(dsc.notAfter) > Date.now());
  assert.ok(Date.parse(dsc.signingTime) > Date.now() - 10 * 60_000);
  assert.equal(dsc.valid, true);
  assert.equal(dsc.trust, 'EXTERNAL_UNVERIFIED');
  assert.deepEqual(copy.warnings, []);

  // The client-facing download is now the signed copy; the sealed original stays available.
  const issued = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${sealed.id}/report`, headers: asUser(valuer) });
  assert.equal(issued.headers['x-report-copy'], 'SIGNED_COPY');
  assert.ok(issued.rawPayload.equals(signedCopy));
  const original = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${sealed.id}/report?copy=sealed`, headers: asUser(valuer) });
  assert.equal(original.headers['x-report-copy'], 'SEALED');
  assert.ok(original.rawPayload.equals(sealed.pdf));
  const e = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${sealed.id}`, headers: asUser(admin) })).json();
  assert.equal(e.issuedCopy, 'SIGNED_COPY');
  assert.equal(e.awaitingPartnerSignature, false);
  const inbox = (await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: asUser(admin) })).json();
  assert.equal(inbox.items.filter((i: { engagementId: string }) => i.engagementId === sealed.id).length, 0, 'no longer waiting once the signed copy is in');

  // Verification knows both files and names both signers.
  const ofCopy = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(signedCopy)}` })).json();
  assert.equal(ofCopy.valid, true, JSON.stringify(ofCopy));
  assert.equal(ofCopy.copy, 'SIGNED_COPY');
  assert.equal(ofCopy.originalSha256, sha(sealed.pdf));
  assert.deepEqual(ofCopy.pdfSignatures.map((s: { commonName: string; role: string }) => `${s.role}:${s.commonName}`), [`SEAL:${FIRM}`, 'ADDED:Asha Admin']);
  assert.deepEqual(ofCopy.pdfSignatures.map((s: { trust: string }) => s.trust), ['SERVICE_CA', 'EXTERNAL_UNVERIFIED']);
  const ofOriginal = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(sealed.pdf)}` })).json();
  assert.equal(ofOriginal.valid, true);
  assert.equal(ofOriginal.copy, 'SEALED');
  // A signed copy changed afterwards is unknown, as any changed file; examining the file names the signature it breaks.
  const changed = Buffer.concat([signedCopy, Buffer.from('\n% appended\n')]);
  const unknown = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(changed)}` })).json();
  assert.equal(unknown.valid, false);
  const examine = (file: Buffer) => {
    const mp = multipart({}, { name: 'check.pdf', data: file, type: 'application/pdf' });
    return t.app.inject({ method: 'POST', url: '/api/v1/reports/verify-file', headers: mp.headers, payload: mp.payload });
  };
  const appended = (await examine(changed)).json();
  assert.equal(appended.valid, false);
  assert.match(appended.reason, /Bytes were added after the last signature, of Asha Admin/);
  assert.equal(appended.originalSha256, sha(signedCopy));
  const flipped = Buffer.from(signedCopy);
  flipped[sealed.pdf.length + 700] ^= 0x01; // inside the DSC's byte range, outside the seal's
  const broken = (await examine(flipped)).json();
  assert.equal(broken.valid, false);
  assert.equal(broken.brokenSignatures.length, 1);
  assert.match(broken.brokenSignatures[0], /^Asha Admin \(field /);
  assert.match(broken.reason, /changed after it was signed: the signature of Asha Admin .*no longer verifies/);
  assert.deepEqual(broken.pdfSignatures.map((s: { valid: boolean }) => s.valid), [true, false], 'the seal still covers its bytes, the DSC does not');
  const genuine = (await examine(signedCopy)).json();
  assert.equal(genuine.valid, true);
  assert.equal(genuine.copy, 'SIGNED_COPY');
});

/** An incremental update that replaces page 1's content stream (what an edit in a PDF editor writes). */
function appendPageEdit(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const page = /(\d+) 0 obj\s*<<\s*\/Type \/Page\b[\s\S]*?\/Contents (\d+) 0 R/.exec(text)!;
  const contentsObj = Number(page[2]);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const size = Number(/\/Size (\d+)/.exec(text.slice(text.lastIndexOf('trailer')))![1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text.slice(text.lastIndexOf('trailer')))![1];
  const content = 'BT /F1 24 Tf 72 720 Td (Value per share: Rs 1) Tj ET';
  const body = `\n${contentsObj} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`;
  const objAt = pdf.length + 1;
  const xrefAt = pdf.length + body.length;
  const xref = `xref\n0 1\n0000000000 65535 f \n${contentsObj} 1\n${String(objAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size} /Root ${root} /Prev ${startxref} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(body + xref, 'latin1')]);
}

test('refusals: first bytes not the FINAL, an appended revision that changes a page, an added signature that does not verify; each a precise 422, nothing stored', async () => {
  const mine = await completedWithFinal();
  const nss = nssDatabaseWithCertificate('partner-dsc', 'CN=Someone Else,O=Test DSC Authority,C=IN');
  const before = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${mine.id}/report/signed-copies`, headers: asUser(admin) })).json();
  assert.deepEqual(before, []);

  // 1. The FINAL saved again by another program (here: a page's size changed in place) and then signed.
  const altered = Buffer.from(mine.pdf);
  const at = altered.indexOf('/MediaBox [0 0 595.28') + '/MediaBox [0 0 595.2'.length;
  altered.write('9', at, 'latin1');
  const r1 = await uploadCopy(mine.id, addSignatureWithPdfsig(altered, nss, 'partner-dsc'));
  assert.equal(r1.statusCode, 422, r1.body);
  assert.equal(r1.json().code, 'signed_copy_not_of_this_report');
  assert.match(r1.json().detail, new RegExp(`from byte ${at} on`));

  // 2. A page's content replaced in an incremental update, then signed on top: the signature is valid, the change is not allowed.
  const edited = addSignatureWithPdfsig(appendPageEdit(mine.pdf), nss, 'partner-dsc');
  assert.equal(pdfsig(edited).signatures.filter((s) => s.validation === 'Signature is Valid.').length, 2, 'pdfsig alone sees two valid signatures');
  const r2 = await uploadCopy(mine.id, edited);
  assert.equal(r2.statusCode, 422, r2.body);
  assert.equal(r2.json().code, 'signed_copy_changes_report');
  assert.match(r2.json().detail, /rewrites object \d+ .*of the FINAL report/);

  // 3. A genuine signed copy with one byte of the appended revision changed after signing.
  const good = addSignatureWithPdfsig(mine.pdf, nss, 'partner-dsc');
  const tampered = Buffer.from(good);
  // A byte of the font pdfsig embeds for the signature's appearance, well inside the signed range.
  tampered[mine.pdf.length + 600] ^= 0x01;
  const r3 = await uploadCopy(mine.id, tampered);
  assert.equal(r3.statusCode, 422, r3.body);
  assert.equal(r3.json().code, 'signed_copy_signature_invalid');
  assert.match(r3.json().detail, /The signature of Someone Else .*does not verify over the bytes it covers/);

  // 4. The unsigned FINAL itself: nothing was added.
  const r4 = await uploadCopy(mine.id, mine.pdf);
  assert.equal(r4.statusCode, 422);
  assert.equal(r4.json().code, 'signed_copy_not_of_this_report');

  const after = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${mine.id}/report/signed-copies`, headers: asUser(admin) })).json();
  assert.deepEqual(after, [], 'nothing stored');
  assert.equal((await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${mine.id}`, headers: asUser(admin) })).json().awaitingPartnerSignature, true);

  // Only the signatory or an ADMIN uploads; a signer whose name is not the signatory's is accepted with a warning.
  const byValuer = await uploadCopy(mine.id, good, valuer);
  assert.equal(byValuer.statusCode, 403);
  const ok = await uploadCopy(mine.id, good);
  assert.equal(ok.statusCode, 200, ok.body);
  assert.deepEqual(ok.json().warnings, ['The certificate of the signature added (Someone Else) does not name the report\'s signatory, Asha Admin.']);
});

test('the ADMIN may issue the sealed copy as it is; engagement.completed follows the issue, once', async () => {
  const mine = await completedWithFinal();
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/engagements/${mine.id}/report/issue-sealed`, headers: asUser(admin) });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().issuedCopy, 'SEALED');
  const again = await t.app.inject({ method: 'POST', url: `/api/v1/engagements/${mine.id}/report/issue-sealed`, headers: asUser(admin) });
  assert.equal(again.statusCode, 409);
  const e = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${mine.id}`, headers: asUser(admin) })).json();
  assert.equal(e.issuedCopy, 'SEALED');
  assert.equal(e.awaitingPartnerSignature, false);
  const events = await t.db.query<{ type: string; payload: { data: { report: { issuedCopy: string; sha256: string } } } }>(
    `SELECT type, payload FROM outbox_events WHERE firm_id = $1 AND engagement_id = $2 AND type = 'engagement.completed'`, [admin.firmId, mine.id]);
  assert.equal(events.length, 1);
  assert.equal(events[0]!.payload.data.report.issuedCopy, 'SEALED');
  assert.equal(events[0]!.payload.data.report.sha256, sha(mine.pdf));
});

test('an ADMIN uploads the firm\'s PKCS#12: a wrong password and an expired certificate are refused with a sentence, nothing stored; a valid one seals the next FINAL', async () => {
  const day = 86_400_000;
  const good = makePkcs12({ commonName: 'Seal And Sign Valuers LLP (Document Signer)', password: 'firm-secret', notBefore: new Date(Date.now() - day), notAfter: new Date(Date.now() + 365 * day) });
  const wrong = await uploadP12(good, 'not-the-password');
  assert.equal(wrong.statusCode, 422, wrong.body);
  assert.equal(wrong.json().code, 'certificate_not_usable');
  assert.equal(wrong.json().errors[0].path, '/password');
  assert.match(wrong.json().detail, /password does not open/);
  const expired = makePkcs12({ commonName: 'Old Signer', password: 'x', notBefore: new Date(Date.now() - 400 * day), notAfter: new Date(Date.now() - 30 * day) });
  const r2 = await uploadP12(expired, 'x');
  assert.equal(r2.statusCode, 422, r2.body);
  assert.match(r2.json().detail, /This certificate expired on \d{4}-\d{2}-\d{2}/);
  const future = makePkcs12({ commonName: 'Future Signer', password: 'x', notBefore: new Date(Date.now() + 30 * day), notAfter: new Date(Date.now() + 400 * day) });
  const r3 = await uploadP12(future, 'x');
  assert.equal(r3.statusCode, 422);
  assert.match(r3.json().detail, /valid only from/);
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/settings/firm/signing-certificate', headers: asUser(admin) })).json().source, 'ISSUED', 'nothing stored');
  const notAdmin = multipart({ password: 'firm-secret' }, { name: 'firm.p12', data: good });
  const r4 = await t.app.inject({ method: 'PUT', url: '/api/v1/settings/firm/signing-certificate', headers: { ...asUser(valuer), ...notAdmin.headers }, payload: notAdmin.payload });
  assert.equal(r4.statusCode, 403);

  const ok = await uploadP12(good, 'firm-secret');
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().source, 'UPLOADED');
  assert.match(ok.json().subject, /CN=Seal And Sign Valuers LLP \(Document Signer\)/);
  // The password is not stored anywhere; the key only encrypted.
  const rows = await t.db.query<{ private_key_encrypted: string }>(`SELECT private_key_encrypted FROM firm_signing_certificates WHERE firm_id = $1 AND source = 'UPLOADED'`, [admin.firmId]);
  assert.match(rows[0]!.private_key_encrypted, /^v1\./);
  const dump = JSON.stringify(await t.db.query(`SELECT * FROM firm_signing_certificates WHERE firm_id = $1`, [admin.firmId]));
  assert.ok(!dump.includes('firm-secret'));

  const next = await completedWithFinal();
  const { signatures, text } = pdfsig(next.pdf);
  assert.equal(signatures.length, 1, text);
  assert.equal(signatures[0]!.commonName, 'Seal And Sign Valuers LLP (Document Signer)');
  assert.equal(signatures[0]!.validation, 'Signature is Valid.');
  const verified = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(next.pdf)}` })).json();
  assert.equal(verified.pdfSignatures[0].trust, 'EXTERNAL_UNVERIFIED', 'an uploaded certificate from an authority nobody configured is not called trusted');

  // Once the uploaded certificate has expired, the next FINAL is sealed with one the service's CA issues.
  await t.db.query(`UPDATE firm_signing_certificates SET not_after = now() - interval '1 minute' WHERE firm_id = $1 AND replaced_at IS NULL`, [admin.firmId]);
  const after = await completedWithFinal();
  assert.equal(pdfsig(after.pdf).signatures[0]!.commonName, FIRM);
  assert.equal((await t.app.inject({ method: 'GET', url: '/api/v1/settings/firm/signing-certificate', headers: asUser(admin) })).json().source, 'ISSUED');
});

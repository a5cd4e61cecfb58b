// The FINAL's PDF seal and the partner's DSC on top (docs/report-signatures.md): checked by poppler's
// pdfsig as an outside reader, signed by pdfsig -add-signature with a certificate from an NSS database made
// here (certutil), the way a partner's own software appends their signature.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../helpers/app.js';
import { sealAndSignApp, sha, SIGNING_FIRM as FIRM } from '../../helpers/final-report.js';
import { asUser, type Session } from '../../helpers/principals.js';
import { multipart } from '../../helpers/engagements.js';
import { addSignatureWithPdfsig, nssDatabaseWithCertificate, pdfsig } from '../../helpers/pdfsig.js';
import { pdfText } from '../../helpers/pdf.js';

let t: TestApp, admin: Session, valuer: Session;
const { completedWithFinal, uploadCopy } = sealAndSignApp((s) => ({ t, admin, valuer } = s));

let sealed: { id: string; pdf: Buffer };

test("every FINAL is sealed with a PDF signature any reader verifies: pdfsig finds one valid SHA-256 signature by the firm, issued by the service's CA", async () => {
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
  assert.match(pdfText(sealed.pdf), /signs this report for the firm with their own digital signature;/);

  // No certificate uploaded: the service issued the firm one from its CA, whose certificate is public.
  const cert = (
    await t.app.inject({ method: 'GET', url: '/api/v1/settings/firm/signing-certificate', headers: asUser(valuer) })
  ).json();
  assert.equal(cert.source, 'ISSUED');
  assert.match(cert.subject, new RegExp(`CN=${FIRM}`));
  const ca = await t.app.inject({ method: 'GET', url: cert.caCertificateUrl });
  assert.equal(ca.statusCode, 200);
  assert.match(ca.headers['content-type'] as string, /application\/x-pem-file/);
  assert.match(ca.body, /-----BEGIN CERTIFICATE-----/);
  // The CA's address is the firm's working file (the review record), never the client's report.
  assert.doesNotMatch(pdfText(sealed.pdf), /ca-certificate|the service's own CA|Ed25519/);
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
  const e = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${sealed.id}`, headers: asUser(admin) })
  ).json();
  assert.equal(e.status, 'COMPLETED');
  assert.equal(e.awaitingPartnerSignature, true);
  assert.equal(e.issuedCopy, null);
  // "Waiting for me" lists it for the signatory only.
  const inbox = (await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: asUser(admin) })).json();
  assert.deepEqual(
    inbox.items
      .filter((i: { engagementId: string }) => i.engagementId === sealed.id)
      .map((i: { action: string }) => i.action),
    ['SIGN_WITH_DSC'],
  );
  const theirs = (await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: asUser(valuer) })).json();
  assert.equal(theirs.items.filter((i: { engagementId: string }) => i.engagementId === sealed.id).length, 0);
});

test('the partner signs the downloaded FINAL with their DSC (pdfsig -add-signature): the copy is accepted, both signatures verify, and verify knows both files', async () => {
  const nss = nssDatabaseWithCertificate('partner-dsc', 'CN=Asha Admin,O=Test DSC Authority,C=IN');
  const signedCopy = addSignatureWithPdfsig(sealed.pdf, nss, 'partner-dsc');
  assert.ok(signedCopy.subarray(0, sealed.pdf.length).equals(sealed.pdf), 'pdfsig appends an incremental update');
  const two = pdfsig(signedCopy);
  assert.equal(two.signatures.length, 2, two.text);
  assert.ok(
    two.signatures.every((s) => s.validation === 'Signature is Valid.'),
    two.text,
  );
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
  const issued = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${sealed.id}/report`,
    headers: asUser(valuer),
  });
  assert.equal(issued.headers['x-report-copy'], 'SIGNED_COPY');
  assert.ok(issued.rawPayload.equals(signedCopy));
  const original = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${sealed.id}/report?copy=sealed`,
    headers: asUser(valuer),
  });
  assert.equal(original.headers['x-report-copy'], 'SEALED');
  assert.ok(original.rawPayload.equals(sealed.pdf));
  const e = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${sealed.id}`, headers: asUser(admin) })
  ).json();
  assert.equal(e.issuedCopy, 'SIGNED_COPY');
  assert.equal(e.awaitingPartnerSignature, false);
  const inbox = (await t.app.inject({ method: 'GET', url: '/api/v1/inbox', headers: asUser(admin) })).json();
  assert.equal(
    inbox.items.filter((i: { engagementId: string }) => i.engagementId === sealed.id).length,
    0,
    'no longer waiting once the signed copy is in',
  );

  // Verification knows both files and names both signers.
  const ofCopy = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(signedCopy)}` })).json();
  assert.equal(ofCopy.valid, true, JSON.stringify(ofCopy));
  assert.equal(ofCopy.copy, 'SIGNED_COPY');
  assert.equal(ofCopy.originalSha256, sha(sealed.pdf));
  assert.deepEqual(
    ofCopy.pdfSignatures.map((s: { commonName: string; role: string }) => `${s.role}:${s.commonName}`),
    [`SEAL:${FIRM}`, 'ADDED:Asha Admin'],
  );
  assert.deepEqual(
    ofCopy.pdfSignatures.map((s: { trust: string }) => s.trust),
    ['SERVICE_CA', 'EXTERNAL_UNVERIFIED'],
  );
  const ofOriginal = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(sealed.pdf)}` })).json();
  assert.equal(ofOriginal.valid, true);
  assert.equal(ofOriginal.copy, 'SEALED');
  // A signed copy changed afterwards is unknown, as any changed file; examining the file names the signature it breaks.
  const changed = Buffer.concat([signedCopy, Buffer.from('\n% appended\n')]);
  const unknown = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(changed)}` })).json();
  assert.equal(unknown.valid, false);
  const examine = (file: Buffer) => {
    const mp = multipart({}, { name: 'check.pdf', data: file, type: 'application/pdf' });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/reports/verify-file',
      headers: mp.headers,
      payload: mp.payload,
    });
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
  assert.deepEqual(
    broken.pdfSignatures.map((s: { valid: boolean }) => s.valid),
    [true, false],
    'the seal still covers its bytes, the DSC does not',
  );
  const genuine = (await examine(signedCopy)).json();
  assert.equal(genuine.valid, true);
  assert.equal(genuine.copy, 'SIGNED_COPY');
});

/** An incremental update that replaces page 1's content stream (what an edit in a PDF editor writes). */

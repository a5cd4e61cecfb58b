// Forged signed copies, each validly signed where the attack allows (pdfsig reports every signature valid), so only
// the attack is a reason to refuse it: each is a precise 422 with nothing stored, the copy not issued, the file not
// verified, and /health answering while it is read (docs/report-signatures.md, What the signed-copy proof checks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestApp } from '../../helpers/app.js';
import { sealAndSignApp, sha } from '../../helpers/final-report.js';
import { asUser, type Session } from '../../helpers/principals.js';
import { multipart } from '../../helpers/engagements.js';
import { addSignatureWithPdfsig, nssDatabaseWithCertificate, pdfsig } from '../../helpers/pdfsig.js';
import {
  addSignature,
  cyclicAnnots,
  newCatalogWithOpenAction,
  prevLoop,
  shadowedPage,
  streamBomb,
  testSigner,
  untypedPage,
} from '../../helpers/pdf-attacks.js';

let t: TestApp, admin: Session;
const { completedWithFinal, uploadCopy } = sealAndSignApp((s) => ({ t, admin } = s));

let nss: string;
const partnerSigned = (pdf: Buffer) => addSignatureWithPdfsig(pdf, nss, 'partner-dsc');
const validSignatures = (pdf: Buffer) =>
  pdfsig(pdf).signatures.filter((s) => s.validation === 'Signature is Valid.').length;

function pdftotextPage(pdf: Buffer, page: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'vs-attack-')), 'in.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' });
}

function pdfinfo(pdf: Buffer): string {
  const file = join(mkdtempSync(join(tmpdir(), 'vs-attack-')), 'in.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdfinfo', [file], { encoding: 'utf8' });
}

/** The upload is refused with `code` and a detail matching `detail`, /health answers meanwhile, and nothing changes. */
async function refused(id: string, file: Buffer, code: string, detail: RegExp) {
  const [res, health] = await Promise.all([
    uploadCopy(id, file),
    t.app.inject({ method: 'GET', url: '/api/v1/health' }),
  ]);
  assert.equal(health.statusCode, 200, 'the service answers while the file is read');
  assert.equal(res.statusCode, 422, res.body);
  assert.equal(res.json().code, code, res.body);
  assert.match(res.json().detail, detail);
  const copies = await t.app.inject({
    method: 'GET',
    url: `/api/v1/engagements/${id}/report/signed-copies`,
    headers: asUser(admin),
  });
  assert.deepEqual(copies.json(), [], 'nothing stored');
  const e = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) })).json();
  assert.equal(e.issuedCopy, null, 'not issued');
  const verify = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(file)}` })).json();
  assert.equal(verify.valid, false, 'not verified');
}

function examine(file: Buffer) {
  const mp = multipart({}, { name: 'check.pdf', data: file, type: 'application/pdf' });
  return t.app.inject({ method: 'POST', url: '/api/v1/reports/verify-file', headers: mp.headers, payload: mp.payload });
}

test('forged signed copies, each validly signed, are refused precisely; verify-file gives the same finding', async () => {
  nss = nssDatabaseWithCertificate('partner-dsc', 'CN=Asha Admin,O=Test DSC Authority,C=IN');
  const mine = await completedWithFinal();

  // An untyped page after the report's last under a new catalog and page tree: a reader shows one page more.
  const untyped = partnerSigned(untypedPage(mine.pdf));
  assert.equal(validSignatures(untyped), 2);
  const added = Number(/Pages:\s+(\d+)/.exec(pdfinfo(mine.pdf))![1]) + 1;
  assert.match(pdftotextPage(untyped, added), /Value per share: Rs 1/, 'the attack works on a reader');
  await refused(mine.id, untyped, 'signed_copy_changes_report', /replaces the document catalog/);

  // A new catalog that runs JavaScript when the file opens.
  const openAction = partnerSigned(newCatalogWithOpenAction(mine.pdf));
  assert.equal(validSignatures(openAction), 2);
  await refused(mine.id, openAction, 'signed_copy_changes_report', /replaces the document catalog/);

  // The shadow attack: page 1's content and resources redefined inside another object's stream.
  const shadow = partnerSigned(shadowedPage(mine.pdf));
  assert.equal(validSignatures(shadow), 2);
  assert.match(pdftotextPage(shadow, 1), /FORGED/, 'the attack works on a reader');
  await refused(mine.id, shadow, 'signed_copy_changes_report', /points inside object \d+/);
  const examined = (await examine(shadow)).json();
  assert.equal(examined.valid, false);
  assert.match(examined.reason, /begins with a FINAL report this service issued, but .*points inside object/);

  // A self-referencing /Annots, signed.
  const cyclic = addSignature(cyclicAnnots(mine.pdf), testSigner('Asha Admin'));
  assert.equal(validSignatures(cyclic), 2);
  await refused(mine.id, cyclic, 'signed_copy_changes_report', /adds a unknown annotation to page 1/);

  // A trailer whose /Prev points at its own cross-reference table.
  const loop = addSignature(prevLoop(mine.pdf), testSigner('Asha Admin'));
  await refused(mine.id, prevLoop(mine.pdf), 'signed_copy_changes_report', /the cross-reference chain loops/);
  await refused(mine.id, loop, 'signed_copy_changes_report', /cross-reference chain loops/);

  // Two genuine copies are still accepted after all of that: one by pdfsig, one by signing software written here.
  const byOwnSigner = addSignature(mine.pdf, testSigner('Asha Admin'));
  assert.equal(validSignatures(byOwnSigner), 2);
  const first = await uploadCopy(mine.id, byOwnSigner);
  assert.equal(first.statusCode, 200, first.body);
  const second = await uploadCopy(mine.id, partnerSigned(mine.pdf));
  assert.equal(second.statusCode, 200, second.body);
});

test('a stream that inflates to 64 MiB is refused by its bound, in a signed copy and on the public verify-file', async () => {
  const mine = await completedWithFinal();
  const bomb = streamBomb(mine.pdf, 64);
  assert.ok(bomb.length < mine.pdf.length + 200_000, `the bomb is small (${bomb.length} bytes)`);
  await refused(mine.id, bomb, 'signed_copy_changes_report', /inflates past the bound of 8388608 bytes/);
  const [res, health] = await Promise.all([examine(bomb), t.app.inject({ method: 'GET', url: '/api/v1/health' })]);
  assert.equal(health.statusCode, 200);
  assert.equal(res.statusCode, 422, res.body);
  assert.equal(res.json().code, 'file_over_limit');
  assert.match(res.json().detail, /inflates past the bound of 8388608 bytes/);
  assert.equal(res.json().errors[0].path, '/file');
});

test('20 and 21 signatures and a 64 KB certificate name are refused by their bounds, nothing stored', async () => {
  const mine = await completedWithFinal();
  const signer = testSigner('Asha Admin');
  let many = mine.pdf;
  for (let i = 1; i < 20; i++) many = addSignature(many, signer);
  assert.equal(validSignatures(many), 20, 'the seal and 19 signatures, all valid');
  await refused(
    mine.id,
    many,
    'signed_copy_changes_report',
    /20 signatures, the firm's seal included; a file may carry at most 10/,
  );
  const more = addSignature(many, signer);
  await refused(mine.id, more, 'signed_copy_changes_report', /21 signatures, .*at most 10/);
  const examined = await examine(more);
  assert.equal(examined.statusCode, 422, examined.body);
  assert.equal(examined.json().code, 'file_over_limit');

  const longName = addSignature(mine.pdf, testSigner('A'.repeat(64 * 1024)));
  assert.equal(pdfsig(longName).signatures.length, 2, 'pdfsig reads both signatures (NSS will not parse the name)');
  await refused(mine.id, longName, 'signed_copy_changes_report', /CMS has \d+ bytes; the bound is 65536 bytes/);
  const oneCopy = (await examine(longName)).json();
  assert.ok(JSON.stringify(oneCopy).length < 20_000, 'the answer does not echo the name');
});

test('a long certificate name within the bounds is stored and shown cut to 256 characters', async () => {
  const mine = await completedWithFinal();
  const copy = addSignature(mine.pdf, testSigner(`Asha Admin ${'x'.repeat(3000)}`));
  const res = await uploadCopy(mine.id, copy);
  assert.equal(res.statusCode, 200, res.body.slice(0, 500));
  const [added] = res.json().signatures;
  assert.equal([...added.commonName].length, 256);
  assert.ok(added.commonName.endsWith('…'));
  const verified = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(copy)}` })).json();
  assert.equal(verified.valid, true);
  assert.ok(verified.pdfSignatures.every((s: { subject: string }) => [...s.subject].length <= 256));
});

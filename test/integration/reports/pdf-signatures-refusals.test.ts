// A partner's signed copy of the FINAL refused when it is not exactly the FINAL plus valid signatures; the sealed copy
// issued as it is instead.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { sealAndSignApp, sha } from '../../helpers/final-report.js';
import { asUser, type Session } from '../../helpers/principals.js';
import { addSignatureWithPdfsig, nssDatabaseWithCertificate, pdfsig } from '../../helpers/pdfsig.js';

let t: TestApp, admin: Session, valuer: Session;
const { completedWithFinal, uploadCopy } = sealAndSignApp((s) => ({ t, admin, valuer } = s));

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
  const before = (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${mine.id}/report/signed-copies`,
      headers: asUser(admin),
    })
  ).json();
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
  assert.equal(
    pdfsig(edited).signatures.filter((s) => s.validation === 'Signature is Valid.').length,
    2,
    'pdfsig alone sees two valid signatures',
  );
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

  const after = (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/engagements/${mine.id}/report/signed-copies`,
      headers: asUser(admin),
    })
  ).json();
  assert.deepEqual(after, [], 'nothing stored');
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${mine.id}`, headers: asUser(admin) })).json()
      .awaitingPartnerSignature,
    true,
  );

  // Only the signatory or an ADMIN uploads; a signer whose name is not the signatory's is accepted with a warning.
  const byValuer = await uploadCopy(mine.id, good, valuer);
  assert.equal(byValuer.statusCode, 403);
  const ok = await uploadCopy(mine.id, good);
  assert.equal(ok.statusCode, 200, ok.body);
  assert.deepEqual(ok.json().warnings, [
    "The certificate of the signature added (Someone Else) names none of the report's signatories (Asha Admin).",
  ]);
});

test('the ADMIN may issue the sealed copy as it is; engagement.completed follows the issue, once', async () => {
  const mine = await completedWithFinal();
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${mine.id}/report/issue-sealed`,
    headers: asUser(admin),
  });
  assert.equal(res.statusCode, 200, res.body);
  assert.equal(res.json().issuedCopy, 'SEALED');
  const again = await t.app.inject({
    method: 'POST',
    url: `/api/v1/engagements/${mine.id}/report/issue-sealed`,
    headers: asUser(admin),
  });
  assert.equal(again.statusCode, 409);
  const e = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${mine.id}`, headers: asUser(admin) })
  ).json();
  assert.equal(e.issuedCopy, 'SEALED');
  assert.equal(e.awaitingPartnerSignature, false);
  const events = await t.db.query<{
    type: string;
    payload: { data: { report: { issuedCopy: string; sha256: string } } };
  }>(
    `SELECT type, payload FROM outbox_events WHERE firm_id = $1 AND engagement_id = $2 AND type = 'engagement.completed'`,
    [admin.firmId, mine.id],
  );
  assert.equal(events.length, 1);
  assert.equal(events[0]!.payload.data.report.issuedCopy, 'SEALED');
  assert.equal(events[0]!.payload.data.report.sha256, sha(mine.pdf));
});

// The firm's own PKCS#12 for the FINAL's seal: refused when wrong or out of date, used while valid, the service's CA after.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TestApp } from '../../helpers/app.js';
import { sealAndSignApp, sha, SIGNING_FIRM as FIRM } from '../../helpers/final-report.js';
import { asUser, type Session } from '../../helpers/principals.js';
import { multipart } from '../../helpers/engagements.js';
import { pdfsig } from '../../helpers/pdfsig.js';
import { iterationBomb, makePkcs12 } from '../../helpers/pkcs12.js';

let t: TestApp, admin: Session, valuer: Session;
const { completedWithFinal } = sealAndSignApp((s) => ({ t, admin, valuer } = s));

const uploadP12 = (data: Buffer, password: string) => {
  const mp = multipart({ password }, { name: 'firm.p12', data, type: 'application/x-pkcs12' });
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/settings/firm/signing-certificate',
    headers: { ...asUser(admin), ...mp.headers },
    payload: mp.payload,
  });
};

test("an ADMIN uploads the firm's PKCS#12: a wrong password and an expired certificate are refused with a sentence, nothing stored; a valid one seals the next FINAL", async () => {
  // The firm has the certificate the service issued it with its first sealed FINAL (in one file with the other
  // signature tests, an earlier test made it).
  await completedWithFinal();
  const day = 86_400_000;
  const good = makePkcs12({
    commonName: 'Seal And Sign Valuers LLP (Document Signer)',
    password: 'firm-secret',
    notBefore: new Date(Date.now() - day),
    notAfter: new Date(Date.now() + 365 * day),
  });
  const wrong = await uploadP12(good, 'not-the-password');
  assert.equal(wrong.statusCode, 422, wrong.body);
  assert.equal(wrong.json().code, 'certificate_not_usable');
  assert.equal(wrong.json().errors[0].path, '/password');
  assert.match(wrong.json().detail, /password does not open/);
  const expired = makePkcs12({
    commonName: 'Old Signer',
    password: 'x',
    notBefore: new Date(Date.now() - 400 * day),
    notAfter: new Date(Date.now() - 30 * day),
  });
  const r2 = await uploadP12(expired, 'x');
  assert.equal(r2.statusCode, 422, r2.body);
  assert.match(r2.json().detail, /This certificate expired on \d{4}-\d{2}-\d{2}/);
  const future = makePkcs12({
    commonName: 'Future Signer',
    password: 'x',
    notBefore: new Date(Date.now() + 30 * day),
    notAfter: new Date(Date.now() + 400 * day),
  });
  const r3 = await uploadP12(future, 'x');
  assert.equal(r3.statusCode, 422);
  assert.match(r3.json().detail, /valid only from/);
  assert.equal(
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/settings/firm/signing-certificate', headers: asUser(admin) })
    ).json().source,
    'ISSUED',
    'nothing stored',
  );
  const notAdmin = multipart({ password: 'firm-secret' }, { name: 'firm.p12', data: good });
  const r4 = await t.app.inject({
    method: 'PUT',
    url: '/api/v1/settings/firm/signing-certificate',
    headers: { ...asUser(valuer), ...notAdmin.headers },
    payload: notAdmin.payload,
  });
  assert.equal(r4.statusCode, 403);

  const ok = await uploadP12(good, 'firm-secret');
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().source, 'UPLOADED');
  assert.match(ok.json().subject, /CN=Seal And Sign Valuers LLP \(Document Signer\)/);
  // The password is not stored anywhere; the key only encrypted.
  const rows = await t.db.query<{ private_key_encrypted: string }>(
    `SELECT private_key_encrypted FROM firm_signing_certificates WHERE firm_id = $1 AND source = 'UPLOADED'`,
    [admin.firmId],
  );
  assert.match(rows[0]!.private_key_encrypted, /^v1\./);
  const dump = JSON.stringify(
    await t.db.query(`SELECT * FROM firm_signing_certificates WHERE firm_id = $1`, [admin.firmId]),
  );
  assert.ok(!dump.includes('firm-secret'));

  const next = await completedWithFinal();
  const { signatures, text } = pdfsig(next.pdf);
  assert.equal(signatures.length, 1, text);
  assert.equal(signatures[0]!.commonName, 'Seal And Sign Valuers LLP (Document Signer)');
  assert.equal(signatures[0]!.validation, 'Signature is Valid.');
  const verified = (await t.app.inject({ method: 'GET', url: `/api/v1/reports/verify/${sha(next.pdf)}` })).json();
  assert.equal(
    verified.pdfSignatures[0].trust,
    'EXTERNAL_UNVERIFIED',
    'an uploaded certificate from an authority nobody configured is not called trusted',
  );

  // Once the uploaded certificate has expired, the next FINAL is sealed with one the service's CA issues.
  await t.db.query(
    `UPDATE firm_signing_certificates SET not_after = now() - interval '1 minute' WHERE firm_id = $1 AND replaced_at IS NULL`,
    [admin.firmId],
  );
  const after = await completedWithFinal();
  assert.equal(pdfsig(after.pdf).signatures[0]!.commonName, FIRM);
  assert.equal(
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/settings/firm/signing-certificate', headers: asUser(admin) })
    ).json().source,
    'ISSUED',
  );
});

test('a PKCS#12 asking for 2,500,000 iterations is refused before it is opened, naming the bound; /health answers', async () => {
  const before = await t.app.inject({
    method: 'GET',
    url: '/api/v1/settings/firm/signing-certificate',
    headers: asUser(admin),
  });
  const bomb = iterationBomb(2_500_000);
  assert.ok(bomb.length < 4096, `a small file (${bomb.length} bytes)`);
  const [res, health] = await Promise.all([
    uploadP12(bomb, 'x'),
    t.app.inject({ method: 'GET', url: '/api/v1/health' }),
  ]);
  assert.equal(health.statusCode, 200);
  assert.equal(res.statusCode, 422, res.body);
  assert.equal(res.json().code, 'certificate_not_usable');
  assert.equal(res.json().errors[0].path, '/file');
  assert.match(
    res.json().detail,
    /asks for 25,00,000 iterations of its password; the service opens files asking for at most 1,00,000/,
  );
  const current = await t.app.inject({
    method: 'GET',
    url: '/api/v1/settings/firm/signing-certificate',
    headers: asUser(admin),
  });
  assert.deepEqual(current.json(), before.json(), 'nothing stored');
  assert.doesNotMatch(current.body, /Iteration Bomb/);
});

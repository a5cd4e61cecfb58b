// The PDF signatures in the console (Chromium, real server): the firm's certificate on Firm settings (a
// PKCS#12 refused for its password, then accepted), the partner's DSC-signed copy uploaded on the Review
// tab (signed here with pdfsig -add-signature from an NSS database), and /verify listing both signatures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  assertAccessible,
  consoleSteps,
  consoleSuite,
  until,
  watchedPage,
  screenshotPath,
} from '../helpers/browser.js';
import { asUser, reviewTeam, type Session } from '../helpers/principals.js';
import { createEngagement, lock, uploadFixture } from '../helpers/engagements.js';
import { addSignatureWithPdfsig, nssDatabaseWithCertificate } from '../helpers/pdfsig.js';
import { makePkcs12 } from '../helpers/pkcs12.js';
import { setPaymentStatus } from '../../src/features/engagements/engagements.repository.js';

const suite = consoleSuite();
const { skip } = suite;
const tmp = mkdtempSync(join(tmpdir(), 'vs-browser-sig-'));

/** Through the API (the worker runs on its own): an engagement signed off by `admin`, its FINAL rendered. */
async function completedEngagement(admin: Session, valuer: Session, reviewer: Session): Promise<string> {
  const t = suite.server.t;
  const e = await createEngagement(t, asUser(valuer), { targetEntity: 'Kaveri Castings Private Limited' });
  assert.equal((await uploadFixture(t, asUser(valuer), e.id)).statusCode, 201);
  const status = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: asUser(admin) })).json()
      .status as string;
  await until('DATA_READY', async () => ((await status()) === 'DATA_READY' ? true : undefined));
  assert.equal((await lock(t, asUser(valuer), e.id)).statusCode, 200);
  await until('GATE_1', async () => ((await status()) === 'GATE_1' ? true : undefined));
  const approve = (gate: string, s: Session, payload: object = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${e.id}/gates/${gate}/approve`,
      headers: asUser(s),
      payload,
    });
  assert.equal((await approve('GATE_1', valuer)).statusCode, 200);
  assert.equal((await approve('GATE_2', reviewer)).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, admin.firmId, e.id, 'PAID'));
  assert.equal((await approve('GATE_3', admin, { place: 'Chennai' })).statusCode, 200);
  await until('the FINAL', async () => {
    const r = (
      await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/report/status`, headers: asUser(admin) })
    ).json();
    return r.kind === 'FINAL' && r.status === 'READY' ? true : undefined;
  });
  return e.id;
}

test(
  "the firm's certificate, the partner's signed copy on the Review tab, and /verify listing both PDF signatures",
  { skip },
  async () => {
    const steps = consoleSteps(suite.server, suite.browser);
    const { admin, valuer, reviewer } = await reviewTeam(suite.server.t, 'Kaveri Sign & Seal LLP');
    const id = await completedEngagement(admin, valuer, reviewer);

    const ctx = await steps.newContext();
    const { page, errors } = await watchedPage(ctx);
    await steps.signIn(page, admin.email);

    // Firm settings: the certificate the FINAL was sealed with (issued by the service's CA); a wrong password refused.
    await page.goto(steps.url('/settings/firm'));
    const panel = page.getByTestId('firm-certificate');
    await panel.getByText("Issued by this service's CA").waitFor();
    await panel.getByText(/Subject: .*CN=Kaveri Sign & Seal LLP/).waitFor();
    const p12 = makePkcs12({
      commonName: 'Kaveri Sign & Seal LLP (Document Signer)',
      password: 'token-pin-1234',
      notBefore: new Date(Date.now() - 86_400_000),
      notAfter: new Date(Date.now() + 365 * 86_400_000),
    });
    const p12Path = join(tmp, 'firm.p12');
    writeFileSync(p12Path, p12);
    await panel.locator('input[type=file]').setInputFiles(p12Path);
    await panel.getByLabel('Its password').fill('not-the-pin');
    await panel.getByRole('button', { name: 'Upload certificate' }).click();
    await panel.getByText(/The password does not open this PKCS#12 file/).waitFor();
    await assertAccessible(page, '/settings/firm (certificate refused)');
    await page.screenshot({ path: screenshotPath('firm-certificate-refused.png'), fullPage: true });
    await panel.getByLabel('Its password').fill('token-pin-1234');
    await panel.getByRole('button', { name: 'Upload certificate' }).click();
    await panel.getByText('Certificate saved: FINAL reports are sealed with it from now on.').waitFor();
    await panel.getByText("The firm's own certificate").waitFor();
    await page.screenshot({ path: screenshotPath('firm-certificate.png'), fullPage: true });

    // Review tab: awaiting the partner's signature; the partner signs the sealed FINAL with their DSC and uploads it.
    await page.goto(steps.url(`/engagements/${id}?tab=review`));
    const partner = page.getByTestId('partner-signature');
    await partner.getByText("Awaiting the partner's signature").waitFor({ timeout: 30_000 });
    const sealed = (
      await suite.server.t.app.inject({
        method: 'GET',
        url: `/api/v1/engagements/${id}/report?copy=sealed`,
        headers: asUser(admin),
      })
    ).rawPayload;
    const nss = nssDatabaseWithCertificate('asha-dsc', 'CN=Asha Admin,O=Test DSC Authority,C=IN');
    const signedPath = join(tmp, 'signed.pdf');
    writeFileSync(signedPath, addSignatureWithPdfsig(sealed, nss, 'asha-dsc'));
    await partner.locator('input[type=file]').setInputFiles(signedPath);
    await partner.getByRole('button', { name: 'Upload signed copy' }).click();
    await partner.getByText('Signed copy accepted: it is now the copy issued to the client.').waitFor();
    await partner.getByText("Issued: the copy signed with the partner's DSC").waitFor();
    await partner.getByRole('table', { name: 'Signed copies' }).getByText('Asha Admin').first().waitFor();
    await assertAccessible(page, '/engagements/:id review (signed copy)');
    await page.screenshot({ path: screenshotPath('engagement-signed-copy.png'), fullPage: true });

    // /verify, signed out: the signed copy is known, linked to the original, and both signatures are listed.
    const visitor = await watchedPage(await steps.newContext());
    await visitor.page.goto(steps.url('/verify'));
    await visitor.page.locator('input[type=file]').setInputFiles(signedPath);
    await visitor.page.getByText(/^Valid: a signed copy of the FINAL report of .+, signed off by .+/).waitFor();
    const table = visitor.page.getByTestId('pdf-signatures');
    // The certificate says where it was signed, as the API's verify answer does.
    await visitor.page
      .getByRole('table', { name: 'Certificate' })
      .getByRole('row', { name: /Place of signing Chennai/ })
      .waitFor();
    await table.getByText("The firm's seal").waitFor();
    await table.getByText('Signed by a certificate this service issued').waitFor();
    await table.getByText('Asha Admin', { exact: false }).first().waitFor();
    // The partner's test DSC is issued to itself: called so, not "from an external authority".
    await table.getByText(/^Self-issued: the signer issued this certificate to themselves/).waitFor();
    await visitor.page.getByText(/The service's own CA certificate/).waitFor();
    await assertAccessible(visitor.page, '/verify (signed copy)');
    await visitor.page.screenshot({ path: screenshotPath('verify-signatures.png'), fullPage: true });
    // A signed copy changed afterwards: not valid; on request the service names the signature the change breaks.
    const changed = readFileSync(signedPath);
    changed[sealed.length + 700] ^= 0x01;
    const changedPath = join(tmp, 'changed.pdf');
    writeFileSync(changedPath, changed);
    await visitor.page.locator('input[type=file]').setInputFiles(changedPath);
    await visitor.page.getByText('Not valid', { exact: true }).waitFor();
    await visitor.page.getByRole('button', { name: /Find which signature a change breaks/ }).click();
    await visitor.page
      .getByTestId('examine-result')
      .getByText(/the signature of Asha Admin .*no longer verifies/)
      .waitFor();
    await assertAccessible(visitor.page, '/verify (a change breaks a signature)');
    await visitor.page.screenshot({ path: screenshotPath('verify-broken-signature.png'), fullPage: true });
    assert.deepEqual([...errors, ...visitor.errors], []);
  },
);

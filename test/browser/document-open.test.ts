// Every file opens where it is listed (docs/evidence.md): the independent reviewer, signed in in Chromium, opens the
// evidence PDF the valuer uploaded from the Documents tab, and it opens in a tab of the browser, byte for byte.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import PDFDocument from 'pdfkit';
import { consoleSuite, screenshotPath, watchedPage } from '../helpers/browser.js';
import { asUser, reviewTeam } from '../helpers/principals.js';
import { createEngagement, upload } from '../helpers/engagements.js';

const suite = consoleSuite();
const { skip } = suite;

/** A one-page PDF with a line of text, as a scanned statement would be. */
function statementPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.fontSize(20).text('Konkan Coastal Logistics Private Limited');
  doc.fontSize(14).text('Audited financial statements for the year ended 31 March 2026');
  doc.end();
  return done;
}

test('the reviewer opens an evidence PDF from the Documents tab, in a tab of the browser', { skip }, async () => {
  const t = suite.server.t;
  const steps = suite.steps();
  const team = await reviewTeam(t, 'Konkan Review Valuers LLP');
  const e = await createEngagement(t, asUser(team.valuer), {
    targetEntity: 'Konkan Coastal Logistics Private Limited',
  });
  const pdf = await statementPdf();
  const up = await upload(t, asUser(team.valuer), e.id, 'EVIDENCE', 'scan_0042.pdf', pdf, {
    title: 'Audited financial statements FY 2025-26',
    documentDate: '2026-05-18',
    providedBy: 'The management of the company',
  });
  assert.equal(up.statusCode, 201, up.body);

  const context = await steps.newContext();
  const { page, errors } = await watchedPage(context);
  await steps.signIn(page, team.reviewer.email);
  await page.goto(steps.url(`/engagements/${e.id}?tab=data`));
  const link = page.getByRole('button', { name: 'Audited financial statements FY 2025-26' });
  await link.waitFor();
  await page.screenshot({ path: screenshotPath('document-open-list.png') });
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState();
  assert.match(tab.url(), /^blob:/, 'the PDF opens in a new tab of the browser');
  const opened = await tab.evaluate(async () => {
    const res = await fetch(location.href);
    return { type: res.headers.get('content-type'), bytes: [...new Uint8Array(await res.arrayBuffer())] };
  });
  assert.equal(opened.type, 'application/pdf');
  assert.deepEqual(Buffer.from(opened.bytes), pdf);
  await tab.waitForTimeout(1000); // the browser's PDF viewer draws the page
  await tab.screenshot({ path: screenshotPath('document-open-pdf.png') });
  assert.deepEqual(errors, []);
});

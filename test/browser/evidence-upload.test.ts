// Evidence relied upon, uploaded from the Documents tab as a valuer would (docs/evidence.md): the title, the date and
// who provided it are asked for first, the file is then dropped, and the list shows it in words, not kinds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertAccessible, watchedPage, screenshotPath } from '../helpers/browser.js';
import { consolePageSuite } from '../helpers/console-pages.js';

const { suite, tmp, newContext, signUp, newEngagement, uploadFile } = consolePageSuite();
const { skip } = suite;

test(
  'a document relied upon is described, uploaded and listed with its title, date and provider',
  { skip },
  async () => {
    const { page, errors } = await watchedPage(await newContext());
    await signUp(page, 'Desai Evidence Valuers LLP');
    await newEngagement(page, 'Konkan Cold Chain Private Limited');
    await page.locator('label', { hasText: 'Evidence relied upon' }).click();
    // Until it is described, the drop zone says what it needs first.
    await page.getByText('Give the title, date and provider first').waitFor();
    await page.getByLabel('Title').fill('Audited financial statements for the year ended 31 March 2026');
    await page.getByLabel('Date of the document').fill('2026-05-18');
    await page.getByLabel('Provided by').fill('The management of the company');
    await assertAccessible(page, 'documents tab, evidence described');
    const pdf = join(tmp, 'statements.pdf');
    writeFileSync(pdf, '%PDF-1.4\n% statements\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await uploadFile(page, pdf);
    await page.getByText('Audited financial statements for the year ended 31 March 2026').waitFor();
    const listed = await page.locator('body').innerText();
    // The text as written (a badge's capitals are only its style).
    const written = (await page.locator('body').textContent()) ?? '';
    assert.match(written, /Evidence relied upon/);
    assert.match(listed, /dated 18 May 2026 · provided by The management of the company · statements\.pdf/);
    assert.doesNotMatch(written, /\bEVIDENCE\b/, 'the kind is shown in words');
    await page.screenshot({ path: screenshotPath('evidence-upload.png'), fullPage: false });
    assert.deepEqual(errors, []);
  },
);

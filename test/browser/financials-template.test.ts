// The blank financials template through the console as a valuer uses it (docs/financials-template.md): downloaded
// from the Documents tab, filled in words and saved by LibreOffice, it uploads first time; a file with problems in
// several tables lists every one of them at once, each by its row and column and the field's label.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertAccessible, screenshotPath, watchedPage } from '../helpers/browser.js';
import { consolePageSuite } from '../helpers/console-pages.js';
import { fillTemplate, withFiveProblems } from '../helpers/fill-template.js';
import { libreOfficeXlsx } from '../helpers/libreoffice.js';

const pages = consolePageSuite();
const { tmp, url, newContext, signUp, newEngagement, uploadFile, statusIs } = pages;
const noSoffice = (() => {
  try {
    execFileSync('soffice', ['--version'], { stdio: 'pipe', timeout: 60_000 });
    return undefined;
  } catch {
    return 'LibreOffice (soffice) is not installed';
  }
})();
const skip = pages.suite.skip ?? noSoffice;

const EXAMPLE = JSON.parse(
  readFileSync(new URL('../../src/features/engagements/assets/financials-example.json', import.meta.url), 'utf8'),
);

test(
  'the blank template filled in LibreOffice uploads first time; problems in several tables are listed at once',
  { skip },
  async () => {
    const { page, errors } = await watchedPage(await newContext());
    await signUp(page, 'Template Valuers LLP');
    await newEngagement(page, 'Filled Template Industries Private Limited');

    // The blank template, as the Documents tab downloads it.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'financials.xlsx' }).click();
    const blankPath = join(tmp, 'blank.xlsx');
    await (await download).saveAs(blankPath);
    const filled = libreOfficeXlsx(await fillTemplate(readFileSync(blankPath), EXAMPLE), 120_000);
    const filledPath = join(tmp, 'filled.xlsx');
    writeFileSync(filledPath, filled);
    await uploadFile(page, filledPath);
    await statusIs(page, 'DATA_READY');

    await page.goto(url('/engagements'));
    await newEngagement(page, 'Five Problems Traders Private Limited');
    const { data, rows } = await withFiveProblems(filled);
    const brokenPath = join(tmp, 'five-problems.xlsx');
    writeFileSync(brokenPath, data);
    await uploadFile(page, brokenPath);
    const problems = page.getByTestId('ingestion-errors');
    await problems.waitFor({ timeout: 30_000 });
    const text = await problems.innerText();
    assert.match(text, /5 problems in five-problems\.xlsx/, text);
    for (const row of Object.values(rows)) assert.match(text, new RegExp(`row ${row},`), text);
    assert.match(text, /Equity shares/, text);
    assert.match(text, /not a number/i, text);
    assert.match(text, /does not balance/i, text);
    await statusIs(page, 'CREATED');
    await assertAccessible(page, 'every problem of an upload');
    await problems.screenshot({ path: screenshotPath('upload-every-problem.png') });
    assert.deepEqual(errors, []);
  },
);

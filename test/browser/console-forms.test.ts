// The console's forms in Chromium against a real server: the error paths a person meets, corrections, figures
// and words for people, the demo firm made the firm's own, and the WACC built up from its parts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { assertAccessible, watchedPage, screenshotPath } from '../helpers/browser.js';
import { consolePageSuite } from '../helpers/console-pages.js';
import { fieldLabel } from '../../src/contract/sentences.js';

const pages = consolePageSuite();
const { suite } = pages;
const { skip } = suite;
const { tmp, url, newContext, invite, signUp, acceptInvite } = pages;
const { newEngagement, exampleXlsx, uploadFile, statusIs, tab, newEngagementFromList } = pages;

test(
  'error paths: a broken XLSX cell is shown by row and column; a VIEWER sees no write controls; search and filter',
  { skip },
  async () => {
    const adminCtx = await newContext();
    const { page, errors } = await watchedPage(adminCtx);
    await signUp(page, 'Mehta Valuation Partners');
    const id = await newEngagement(page, 'Broken Cell Traders Private Limited');

    // Break one numeric cell of the template.
    const template = await exampleXlsx(page);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(template);
    let broken: string | undefined;
    wb.worksheets[0].eachRow((row) => {
      row.eachCell((cell) => {
        if (!broken && typeof cell.value === 'number' && Number(cell.row) > 3) {
          cell.value = 'twelve lakh';
          broken = cell.address;
        }
      });
    });
    assert.ok(broken, 'a numeric cell to break');
    const brokenPath = join(tmp, 'broken.xlsx');
    await wb.xlsx.writeFile(brokenPath);
    await uploadFile(page, brokenPath);
    const problems = page.getByTestId('ingestion-errors');
    await problems.waitFor({ timeout: 30_000 });
    const text = await problems.innerText();
    const row = broken!.replace(/\D+/g, '');
    assert.match(text, new RegExp(`row ${row}`), text);
    assert.match(text, /not a number/i, text);
    // The field by the valuer's label; its JSON path is in no text, only an attribute for support.
    const path = (await problems.getByTestId('error-field').first().getAttribute('data-path')) ?? '';
    assert.match(path, /^\/[A-Za-z]/, path);
    assert.ok(text.includes(fieldLabel(path)), `${fieldLabel(path)} in ${text}`);
    assert.ok(!text.includes(path), `no JSON path in ${text}`);
    await statusIs(page, 'CREATED');
    await assertAccessible(page, 'ingestion errors');

    // Search by name and by CIN prefix; a status filter with no match.
    await newEngagementFromList(page, 'Zenith Polymers Limited');
    await page.getByLabel('Search by name or CIN').fill('zenith poly');
    await page.waitForURL(/q=zenith/);
    await page.getByRole('link', { name: 'Zenith Polymers Limited' }).waitFor();
    await page.getByRole('link', { name: 'Broken Cell Traders Private Limited' }).waitFor({ state: 'detached' });
    await page.getByLabel('Search by name or CIN').fill('U28100MH');
    await page.getByRole('link', { name: 'Broken Cell Traders Private Limited' }).waitFor();

    // A VIEWER: no upload, lock, gate or pay controls anywhere, and the reason is said.
    const token = await invite(adminCtx, 'VIEWER', 'Vani Viewer');
    const viewerCtx = await newContext();
    const viewer = await watchedPage(viewerCtx);
    await acceptInvite(viewer.page, token);
    assert.equal(await viewer.page.getByRole('button', { name: 'New engagement' }).isDisabled(), true);
    await viewer.page.goto(url(`/engagements/${id}`));
    await viewer.page.getByText('Uploading a document needs the role of a valuer or an administrator.').waitFor();
    assert.equal(await viewer.page.locator('input[type=file]').count(), 0);
    await tab(viewer.page, 'Assumptions');
    await viewer.page.getByText(/Locking the assumptions needs the role of a valuer or an administrator/).waitFor();
    assert.equal(await viewer.page.getByRole('button', { name: 'Lock assumptions' }).count(), 0);
    await tab(viewer.page, 'Review');
    await viewer.page.getByText('Paying for an engagement needs the role of a valuer or an administrator.').waitFor();
    assert.equal(await viewer.page.getByRole('button', { name: /Pay|Approve|Reject/ }).count(), 0);
    await assertAccessible(viewer.page, 'viewer review');

    assert.deepEqual(errors, [], 'admin browser console');
    assert.deepEqual(viewer.errors, [], 'viewer browser console');
    await Promise.all([adminCtx.close(), viewerCtx.close()]);
  },
);

test(
  'correcting an engagement: a new name and proposed price, seen in the header, the list and the trail',
  { skip },
  async () => {
    const ctx = await newContext();
    const { page, errors } = await watchedPage(ctx);
    await signUp(page, 'Iyer Corrections LLP');
    const id = await newEngagement(page, 'Acme Industires Private Limited', '250.00');
    await page.getByText(/proposed price ₹250\.00 per share/).waitFor();
    await page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    // Pre-filled with what is there now; checked as on creation.
    assert.equal(await dialog.getByLabel('Target entity').inputValue(), 'Acme Industires Private Limited');
    assert.equal(await dialog.getByLabel(/Proposed price per share/).inputValue(), '250.00');
    await dialog.getByLabel('Target entity').fill('Acme Industries Private Limited');
    await dialog.getByLabel(/Proposed price per share/).fill('275.505');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await dialog.getByText(/at most 2 decimals/).waitFor();
    await dialog.getByLabel(/Proposed price per share/).fill('1234567.50');
    await page.waitForTimeout(300); // the dialog's opening transition
    await assertAccessible(page, 'edit details dialog');
    await page.screenshot({ path: screenshotPath('engagement-edit-details.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Acme Industries Private Limited' }).waitFor();
    await page.getByText(/proposed price ₹12,34,567\.50 per share/).waitFor();

    await tab(page, 'Trail');
    const row = page.getByRole('row', { name: /Corrected the details/ });
    await row.waitFor();
    const note = await row.innerText();
    assert.match(note, /Target entity: Acme Industires Private Limited → Acme Industries Private Limited/);
    assert.match(note, /Proposed price per share: ₹250\.00 → ₹12,34,567\.50/);
    await assertAccessible(page, '/engagements/:id trail after a correction');
    await page.screenshot({ path: screenshotPath('engagement-trail-correction.png'), fullPage: true });

    await page.goto(url('/engagements'));
    await page.getByRole('link', { name: 'Acme Industries Private Limited' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'Acme Industires Private Limited' }).count(), 0);
    assert.ok(id.startsWith('eng_'));
    assert.deepEqual(errors, []);
    await ctx.close();
  },
);

test(
  "figures and words for people: ingested figures in ₹ with Indian grouping and a valuer's labels; a refusal once, beside its field, as a sentence",
  { skip },
  async () => {
    const ctx = await newContext();
    const { page, errors } = await watchedPage(ctx);
    await signUp(page, 'Sharma Figures LLP');
    await newEngagement(page, 'Deccan Castings Private Limited');

    // A refusal only the service makes (a valuation date after today): one sentence beside the field,
    // the catalogue's sentence above the buttons, no JSON Pointer, no API path, the code small.
    await page.getByRole('button', { name: 'Edit details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    await dialog.getByLabel('Valuation date').fill('2099-01-01');
    await dialog.getByRole('button', { name: 'Save details' }).click();
    await dialog.getByText('Must not be later than today in India').waitFor();
    assert.equal(await page.getByText(/not be later than today/i).count(), 1, 'the field problem is shown once');
    const alert = dialog.getByRole('alert');
    await alert.getByText('Some of what was entered is not valid. Correct the fields marked and try again.').waitFor();
    const alertText = await alert.innerText();
    assert.doesNotMatch(alertText, /\/valuationDate|\/api\//, alertText);
    // A sentence, no code line: the code is only an attribute, for support.
    assert.doesNotMatch(alertText, /Code:|validation_failed/, alertText);
    assert.equal(await alert.getAttribute('data-code'), 'validation_failed');
    await assertAccessible(page, 'a refusal beside its field');
    await page.screenshot({ path: screenshotPath('refusal-beside-field.png'), fullPage: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The console's own check says it the same way: a sentence, not zod's English.
    await tab(page, 'Assumptions');
    await page.getByLabel('Rationale').fill('Too short.');
    await page.getByLabel('Rationale').blur();
    await page.getByText('Write at least 20 characters explaining the assumptions.').waitFor();
    assert.equal(await page.getByText(/Too small: expected/).count(), 0);
    await tab(page, 'Documents');

    // The example company (its document in lakhs): amounts in ₹ lakh with Indian grouping, a valuer's labels,
    // and the history, shareholding and NAV adjustments echoed back.
    await uploadFile(page, await exampleXlsx(page));
    await statusIs(page, 'DATA_READY');
    const preview = page.getByTestId('financials-preview');
    await preview.waitFor();
    const text = await preview.innerText();
    for (const label of [
      'Property, plant and equipment',
      'EBITDA',
      'Reserves and surplus',
      'Cash and cash equivalents',
      'Revenue from operations',
      'Historical performance',
      'Shareholding',
      'Immovable property: stamp duty value',
      'Employee stock options',
    ]) {
      assert.ok(text.includes(label), `${label} in ${text}`);
    }
    assert.match(text, /Amounts in ₹ lakh, as in the document/);
    assert.match(text, /₹\d{1,2}(,\d{2})*,?\d{0,3}\.\d{2} lakh/);
    assert.match(text, /10,00,000 equity shares of ₹10\.00 each/);
    assert.match(text, /6,00,000/, 'a holding with Indian grouping');
    assert.doesNotMatch(text, /\b\d{6,}\.\d{2}\b/, 'no ungrouped amounts');
    assert.doesNotMatch(text, /\bEbitda\b|propertyPlantEquipment/);
    await assertAccessible(page, '/engagements/:id documents with the ingested financials');
    await page.screenshot({ path: screenshotPath('engagement-financials.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await ctx.close();
  },
);

test(
  "the demo firm becomes the firm's own: its ADMIN renames it and clears the demo flag once real registrations are entered",
  { skip },
  async () => {
    const ctx = await newContext();
    const { page, errors } = await watchedPage(ctx);
    await signUp(page, 'Demo Valuers LLP');
    // Made a demo as the first start seeds one: the firm's and the person's registrations made up.
    const me = await (await page.request.get(url('/api/v1/auth/me'))).json();
    await suite.server.t.db.query(
      `UPDATE firms SET demo = true, ibbi_registration = 'IBBI/RV-E/02/2020/100' WHERE id = $1`,
      [me.firm.id],
    );
    await suite.server.t.db.query(`UPDATE users SET registrations = $2::jsonb WHERE id = $1`, [
      me.user.id,
      JSON.stringify([
        { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/10000', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' },
      ]),
    ]);

    await page.goto(url('/settings/firm'));
    const demo = page.getByTestId('demo-firm');
    await demo.waitFor();
    await demo.getByRole('button', { name: 'Clear the demo flag' }).click();
    await demo
      .getByRole('alert')
      .getByText(/still holds the demo's made-up registrations/)
      .waitFor();
    await demo
      .getByRole('alert')
      .getByText(/IBBI\/RV\/03\/2019\/10000/)
      .waitFor();
    await assertAccessible(page, '/settings/firm (demo, refused)');
    await page.screenshot({ path: screenshotPath('firm-demo-refused.png'), fullPage: true });

    await page.getByLabel('Legal name').fill('Kulkarni & Associates LLP');
    await page.getByLabel('IBBI registration (registered valuer entity)').fill('IBBI/RV-E/05/2021/155');
    await page.getByRole('button', { name: 'Save firm profile' }).click();
    await page.getByText('Firm profile saved.').waitFor();
    await page.getByText('Asha Admin · Kulkarni & Associates LLP').waitFor();

    await page.goto(url('/profile'));
    await page.getByLabel('Number').fill('IBBI/RV/03/2019/12345');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();

    await page.goto(url('/settings/firm'));
    await page.getByTestId('demo-firm').getByRole('button', { name: 'Clear the demo flag' }).click();
    await page.getByTestId('demo-firm').waitFor({ state: 'detached' });
    assert.equal((await (await page.request.get(url('/api/v1/settings/firm'))).json()).demo, false);
    await assertAccessible(page, '/settings/firm (no longer a demo)');
    await page.screenshot({ path: screenshotPath('firm-settings.png'), fullPage: true });
    assert.deepEqual(errors, []);
    await ctx.close();
  },
);

test(
  'the WACC built up from its parts: the form computes it live, fills the WACC and the lock keeps the build-up',
  { skip },
  async () => {
    const ctx = await newContext();
    const { page, errors } = await watchedPage(ctx);
    await signUp(page, 'Bhatt Cost of Capital LLP');
    await newEngagement(page, 'Build-up Industries Private Limited');
    await uploadFile(page, await exampleXlsx(page));
    await statusIs(page, 'DATA_READY');
    await tab(page, 'Assumptions');
    await page.getByLabel('Build up the WACC from its parts').check();
    // docs/valuation-method.md, Cost of capital: 6.52 + 0.85 × 1.18708 × 7.5 + 1.5 + 2 = 17.587635; × 0.8 + 7.29612 × 0.2 = 15.529332.
    for (const [label, value] of [
      ['Risk-free rate (%)', '6.52'],
      ['Equity risk premium (%)', '7.5'],
      ['Beta', '0.85'],
      ['Debt to equity (ratio)', '0.25'],
      ['Tax rate (%)', '25.168'],
      ['Pre-tax cost of debt (%)', '9.75'],
      ['Size premium (%)', '1.5'],
      ['Company-specific premium (%)', '2'],
    ] as const) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page
      .getByLabel('Source of the figures')
      .fill('10-year G-Sec yield 6.52 % on 31-03-2026 (FBIL); beta: median of four listed peers');
    await page.getByTestId('wacc-build-up').getByText('15.529332 % → 15.5293 % filled in above').waitFor();
    assert.equal(await page.getByLabel('WACC (%)').inputValue(), '15.5293');
    // Saved for the firm, then the build-up closed (its figures cleared) and started again from the saved one.
    await page.getByLabel('Save these figures for the firm as').fill('Listed auto-component peers, Mar 2026');
    await page.getByRole('button', { name: 'Save build-up' }).click();
    await page.getByText('Saved for the firm as “Listed auto-component peers, Mar 2026”.').waitFor();
    await page.getByLabel('Build up the WACC from its parts').uncheck();
    await page.getByLabel('Build up the WACC from its parts').check();
    await page.getByTestId('saved-build-ups').click();
    await page.getByRole('option', { name: 'Listed auto-component peers, Mar 2026' }).click();
    await page.getByTestId('wacc-build-up').getByText('15.529332 % → 15.5293 % filled in above').waitFor();
    assert.equal(await page.getByLabel('Beta', { exact: true }).inputValue(), '0.85');
    await page.getByLabel('Terminal growth (%)').fill('5');
    await page
      .getByLabel('Rationale')
      .fill('CAPM on the 10-year G-Sec, peer beta relevered at the target D/E of 0.25.');
    await page
      .getByLabel('Reasonableness of the projections')
      .fill(
        'Growth and margins follow the audited years and the order book; capex and working capital match the plan.',
      );
    await assertAccessible(page, '/engagements/:id assumptions with the build-up');
    await page.screenshot({ path: screenshotPath('wacc-build-up.png'), fullPage: true });
    await page.getByRole('button', { name: 'Lock assumptions' }).click();
    await page.getByTestId('confirm-lock').click();
    await page.getByTestId('locked-wacc').getByText('15.5293 %').waitFor();
    assert.deepEqual(errors, []);
    await ctx.close();
  },
);

/** Every table sits in a box that scrolls sideways (overflow-x auto) wide enough for all of it: nothing is cut off. */

// The console's engagement pages in Chromium against a real server: the whole engagement from sign-up to a
// FINAL report that verifies, a revision without retyping, and "Waiting for me" changing live.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertAccessible, watchedPage, screenshotPath } from '../helpers/browser.js';
import { consolePageSuite } from '../helpers/console-pages.js';

const pages = consolePageSuite();
const { skip } = pages.suite;
const { tmp, url, newContext, invite, signUp, acceptInvite } = pages;
const { newEngagement, exampleXlsx, uploadFile, statusIs, tab } = pages;

test(
  'the whole engagement through the pages: sign up → value → four eyes → pay → sign off → FINAL report verifies',
  { skip },
  async () => {
    const adminCtx = await newContext();
    const { page, errors } = await watchedPage(adminCtx);
    await signUp(page, 'Kapoor & Rao Valuers LLP');
    await assertAccessible(page, '/engagements (empty)');
    const id = await newEngagement(page, 'Acme Industries Private Limited', '250.00');

    // Upload the filled XLSX template, downloaded from the page itself.
    const xlsx = await exampleXlsx(page);
    await uploadFile(page, xlsx);
    await statusIs(page, 'DATA_READY');
    await page.getByText('Ingested financials').waitFor();
    await assertAccessible(page, '/engagements/:id documents');

    // Lock the assumptions; g ≥ WACC is refused before submitting, with the server's message.
    await tab(page, 'Assumptions');
    await page.getByLabel('WACC (%)').fill('12.5');
    await page.getByLabel('Terminal growth (%)').fill('13');
    await page.getByLabel('Rationale').fill('Peer beta 1.1 relevered; CAPM on a 10-year G-sec yield of 7.0 %.');
    await page.getByText('must be below wacc (the perpetuity has no value otherwise)').waitFor();
    await page.getByLabel('Terminal growth (%)').fill('4');
    await page
      .getByLabel('Reasonableness of the projections')
      .fill(
        'Growth and margins follow the audited years and the order book; capex and working capital match the plan.',
      );
    await page.getByRole('button', { name: 'Lock assumptions' }).click();
    // The lock asks before acting, with what it fixes.
    const lockSummary = page.getByTestId('lock-summary');
    await lockSummary.getByText('WACC: 12.5 %').waitFor();
    await lockSummary.getByText('Terminal growth: 4 %').waitFor();
    await page.screenshot({ path: screenshotPath('lock-confirm.png'), fullPage: true });
    await page.getByTestId('confirm-lock').click();

    // Computation runs in the worker; the page learns of GATE_1 from the live stream, without a reload.
    await statusIs(page, 'GATE_1');
    await page.getByTestId('header-value').waitFor();
    // Computed on its details: they are read-only now, and the page says why.
    await page
      .getByTestId('details-locked')
      .getByText(/valuation has been computed/)
      .waitFor();
    assert.equal(await page.getByRole('button', { name: 'Edit details' }).count(), 0);
    assert.match(await page.getByTestId('header-value').innerText(), /^₹[\d,]+\.\d{2} per share$/);
    await tab(page, 'Valuation');
    await page.getByTestId('concluded-value').first().waitFor();
    await page.getByTestId('sensitivity').waitFor();
    // The proposed price is tested against s.62(1)(c): price ≥ value.
    await page.getByTestId('compliance').getByText(/s\.62/).first().waitFor();
    await page.locator('figure svg').first().waitFor();
    await assertAccessible(page, '/engagements/:id valuation');
    await page.screenshot({ path: screenshotPath('engagement-valuation.png'), fullPage: true });

    // GATE_1 by the admin, who locked; GATE_2 is then barred to the same person (independent review).
    await tab(page, 'Review');
    await page.getByLabel('Comment').fill('Inputs tie to the audited accounts.');
    await page.getByRole('button', { name: /Approve Gate 1/ }).click();
    await statusIs(page, 'GATE_2');
    await page
      .getByTestId('gate-blocker')
      .getByText(
        /needs a reviewer who took no earlier step: .+ locked the assumptions and approved Gate 1 \(data verification\)/,
      )
      .waitFor();

    // A second person, invited and accepted in their own browser, approves GATE_2.
    const token = await invite(adminCtx, 'VALUER', 'Vikram Valuer');
    const valuerCtx = await newContext();
    const valuer = await watchedPage(valuerCtx);
    await acceptInvite(valuer.page, token);
    await valuer.page.goto(url(`/engagements/${id}?tab=review`));
    await valuer.page.getByRole('button', { name: /Approve Gate 2/ }).click();
    await statusIs(valuer.page, 'GATE_3');
    // A VALUER may not sign off, and is told why.
    await valuer.page.getByTestId('gate-blocker').getByText(/ADMIN/).waitFor();

    // Back in the admin's browser, without a reload: GATE_3 arrived; sign-off waits for payment.
    await statusIs(page, 'GATE_3');
    await page.getByTestId('gate-blocker').getByText(/paid/).waitFor();
    // s.62 needs a registered valuer (Securities or Financial Assets): the client is not asked to pay
    // before someone in the firm can sign, and the page says so above a Pay button it keeps disabled.
    await page
      .getByTestId('signatory-requirement')
      .getByText(/s\.62\(1\)\(c\).*registered valuer/)
      .waitFor();
    await page.getByTestId('pay-blocked').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Pay (sandbox)' }).isDisabled(), true);
    await page.getByTestId('payment-status').getByText('Not paid', { exact: true }).waitFor();
    await page.goto(url('/profile'));
    await page.getByLabel('Designation').fill('Partner');
    await page.getByRole('button', { name: 'Add registration' }).click();
    await page.getByLabel('Number').fill('IBBI/RV/03/2019/1234');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('must look like IBBI/RV/03/2019/12345').first().waitFor();
    await page.getByLabel('Number').fill('IBBI/RV/03/2019/12345');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    await assertAccessible(page, '/profile');
    // The firm's GSTIN (another state than the operator's): its tax invoice will carry IGST.
    await page.goto(url('/settings/firm'));
    await page.getByLabel('GSTIN').fill('29AAAPL1234C1ZA');
    await page.getByRole('button', { name: 'Save firm profile' }).click();
    await page.getByText('Firm profile saved.').waitFor();
    await page.goto(url(`/engagements/${id}?tab=review`));
    await page.getByRole('button', { name: 'Pay (sandbox)' }).click();
    // Before any money moves: what it covers, the fee, the GST and the total; then a confirmation.
    const confirmation = page.getByTestId('payment-confirmation');
    await confirmation.getByText(/GST at 18%/).waitFor();
    assert.match(await confirmation.getByTestId('payment-total').innerText(), /^₹[\d,]+\.\d{2}$/);
    assert.equal(
      await page.getByTestId('payment-status').getAttribute('data-status'),
      'UNPAID',
      'nothing paid before the confirmation',
    );
    await assertAccessible(page, '/engagements/:id review, payment confirmation');
    await confirmation.screenshot({ path: screenshotPath('payment-confirmation.png') });
    await confirmation.getByRole('button', { name: 'Confirm and pay' }).click();
    await page.getByTestId('payment-status').getByText('Paid', { exact: true }).waitFor();
    // The engagement shows its tax invoice once paid.
    await page.getByRole('button', { name: 'Tax invoice (PDF)' }).waitFor();
    // The tax invoice of the captured payment, from the Payments page.
    await page.goto(url('/payments'));
    // The list names the company and links its engagement.
    await page
      .getByRole('table', { name: 'Payments' })
      .getByRole('link', { name: 'Acme Industries Private Limited' })
      .waitFor();
    const invoiceDownload = page.waitForEvent('download');
    // Each captured payment's invoice is named by its number.
    await page
      .getByRole('table', { name: 'Payments' })
      .getByRole('button', { name: /^VS\/\d{4}-\d{2}\/\d{6} \(PDF\)$/ })
      .first()
      .click();
    const invoiceFile = join(tmp, `invoice-${Date.now()}.pdf`);
    await (await invoiceDownload).saveAs(invoiceFile);
    const invoiceText = execFileSync('pdftotext', [invoiceFile, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    for (const expected of [
      /Tax invoice/,
      /VS\/\d{4}-\d{2}\/\d{6}/,
      /27AABCV1234F1ZO/,
      /29AAAPL1234C1ZA/,
      /IGST at 18%/,
      /Total in words: Rupees [a-z -]+ only/,
    ]) {
      assert.match(invoiceText, expected);
    }
    await page.goto(url(`/engagements/${id}?tab=review`));

    // The signed report needs its facts: shown as missing since GATE_1, and sign-off is refused naming them.
    await page
      .getByTestId('report-facts-missing')
      .getByText(/Appointing authority, Date of appointment, Background of the company/)
      .waitFor();
    await page.getByLabel('Place of signing').fill('Mumbai');
    await page.getByRole('button', { name: /Approve Gate 3/ }).click();
    await page.getByTestId('confirm-sign-off').click();
    await page
      .getByRole('alert')
      .getByText(/Appointing authority/)
      .first()
      .waitFor();
    const facts = page.getByTestId('report-facts');
    await facts.getByLabel('Appointing authority').fill('Board of Directors of Acme Industries Private Limited');
    await facts.getByLabel('Date of appointment').fill('2026-04-15');
    await facts.getByLabel('Background of the company').fill('Too short.');
    await facts.getByRole('button', { name: 'Save report facts' }).click();
    await facts.getByText(/at least 50 characters/).waitFor();
    await facts
      .getByLabel('Background of the company')
      .fill(
        'Acme Industries makes precision castings for the automotive industry in Pune, founded in 2015 and supplying tier-one manufacturers.',
      );
    await facts.getByRole('button', { name: 'Save report facts' }).click();
    await facts.getByText('Report facts saved.').waitFor();
    await page.getByTestId('report-facts-missing').waitFor({ state: 'detached' });
    // A refused sign-off shows each refusal beside the field it names, the field marked: no place, a malformed UDIN.
    await page.getByLabel('Place of signing').fill('');
    await page.getByLabel('UDIN').fill('ABC123');
    await page.getByRole('button', { name: /Approve Gate 3/ }).click();
    await page.getByTestId('confirm-sign-off').click();
    await page.getByText('Enter the place of signing, e.g. Mumbai').waitFor();
    await page.getByText(/A UDIN has 18 characters/).waitFor();
    assert.equal(await page.getByLabel('Place of signing').getAttribute('aria-invalid'), 'true');
    assert.equal(await page.getByLabel('UDIN').getAttribute('aria-invalid'), 'true');
    await page.getByLabel('Place of signing').fill('Mumbai');
    await page.getByLabel('UDIN').fill('');
    // Sign-off asks first, with a summary: the value, the place, the UDIN, and who is told.
    await page.getByRole('button', { name: /Approve Gate 3/ }).click();
    const summary = page.getByTestId('sign-off-summary');
    await summary.getByText('Sign off this report?').waitFor();
    const said = await summary.innerText();
    assert.match(said, /Value: ₹[\d,]+\.\d{2} per share/);
    assert.match(said, /Place of signing: Mumbai · UDIN: none/);
    assert.match(said, /Told by e-mail: /);
    await assertAccessible(page, '/engagements/:id review (sign-off summary)');
    await summary.screenshot({ path: screenshotPath('sign-off-confirm.png') });
    await summary.getByTestId('confirm-sign-off').click();
    await page
      .getByTestId('flash')
      .getByText(/^Signed off\./)
      .waitFor();
    await statusIs(page, 'COMPLETED');
    await page
      .getByTestId('report-facts')
      .getByText(/Read-only: the report has been signed off/)
      .waitFor();
    await page.locator('[data-testid=report-kind]', { hasText: 'FINAL' }).waitFor({ timeout: 30_000 });
    await page
      .locator('[data-testid=report-kind]', { hasText: 'FINAL' })
      .locator('xpath=../..')
      .getByText('READY')
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.locator('iframe[title="Report preview"]').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdfPath = join(tmp, 'final.pdf');
    await (await download).saveAs(pdfPath);
    assert.equal(readFileSync(pdfPath).subarray(0, 5).toString(), '%PDF-');
    await page.getByRole('button', { name: 'Download review record' }).waitFor();
    await assertAccessible(page, '/engagements/:id review');
    await page.screenshot({ path: screenshotPath('engagement-review.png'), fullPage: true });
    await tab(page, 'Trail');
    await page.getByText('Signed off (Gate 3)').waitFor();
    await page.getByText('Inputs tie to the audited accounts.').waitFor();
    await assertAccessible(page, '/engagements/:id trail');

    // /verify, signed out: the genuine file is valid; one changed byte is not.
    const publicCtx = await newContext();
    const visitor = await watchedPage(publicCtx);
    await visitor.page.goto(url('/verify'));
    await visitor.page.locator('input[type=file]').setInputFiles(pdfPath);
    // The firm and the partner named, the conclusion beside them, the service's ids only behind a disclosure.
    await visitor.page.getByText(/^Valid: the FINAL report of .+, signed off by .+/).waitFor();
    await visitor.page
      .getByRole('table', { name: 'Certificate' })
      .getByRole('row', { name: /Concluded value ₹[\d,]+\.\d\d per equity share/ })
      .waitFor();
    assert.equal(
      await visitor.page.getByText(/^rpt_/).isVisible(),
      false,
      'the report id is behind "Technical details"',
    );
    await visitor.page.getByText('Acme Industries Private Limited').waitFor();
    await visitor.page.getByText(/IBBI\/RV\/03\/2019\/12345/).waitFor();
    await assertAccessible(visitor.page, '/verify (valid)');
    await visitor.page.screenshot({ path: screenshotPath('verify.png'), fullPage: true });
    const tampered = readFileSync(pdfPath);
    tampered[Math.floor(tampered.length / 2)] ^= 0x01;
    const tamperedPath = join(tmp, 'tampered.pdf');
    writeFileSync(tamperedPath, tampered);
    await visitor.page.locator('input[type=file]').setInputFiles(tamperedPath);
    await visitor.page.getByText('Not valid', { exact: true }).waitFor();

    await page.goto(url('/engagements'));
    await page.getByRole('link', { name: 'Acme Industries Private Limited' }).waitFor();
    await page.screenshot({ path: screenshotPath('engagements.png'), fullPage: true });

    assert.deepEqual(errors, [], 'admin browser console');
    assert.deepEqual(valuer.errors, [], 'valuer browser console');
    assert.deepEqual(visitor.errors, [], 'visitor browser console');
    await Promise.all([adminCtx.close(), valuerCtx.close(), publicCtx.close()]);
  },
);

test(
  "revision without retyping: returned at Gate 1, the form opens with the last version's values, the reason above it and the changes listed",
  { skip },
  async () => {
    const ctx = await newContext();
    const { page, errors } = await watchedPage(ctx);
    await signUp(page, 'Rao Revisions LLP');
    await newEngagement(page, 'Konkan Ropes Private Limited');
    await uploadFile(page, await exampleXlsx(page));
    await statusIs(page, 'DATA_READY');
    await tab(page, 'Assumptions');
    const rationale = 'Peer beta 1.1 relevered; CAPM on a 10-year G-sec yield of 7.0 %.';
    await page.getByLabel('WACC (%)').fill('12.5');
    await page.getByLabel('Terminal growth (%)').fill('4');
    await page.getByLabel('Rationale').fill(rationale);
    await page
      .getByLabel('Reasonableness of the projections')
      .fill(
        'Growth and margins follow the audited years and the order book; capex and working capital match the plan.',
      );
    await page.getByRole('textbox', { name: 'DCF', exact: true }).fill('60');
    await page.getByRole('textbox', { name: 'NAV', exact: true }).fill('40');
    await page.getByLabel('Why these weights').fill('The business is a going concern; its assets understate it.');
    await page.getByRole('button', { name: 'Lock assumptions' }).click();
    await page.getByTestId('confirm-lock').click();
    await statusIs(page, 'GATE_1');
    await page.getByTestId('header-value').waitFor();

    const reason = 'The WACC ignores the size premium of a small unlisted company; add it.';
    await tab(page, 'Review');
    await page.getByLabel('Comment').fill(reason);
    await page.getByRole('button', { name: 'Return for revision' }).click();
    await statusIs(page, 'DATA_READY');
    // No stale value in the header once the round is returned.
    await page.getByTestId('header-value').waitFor({ state: 'detached' });

    await tab(page, 'Assumptions');
    const returned = page.getByTestId('revision-reason');
    await returned.getByText(reason).waitFor();
    // Who returned it is named, not only where and when.
    await returned.getByText(/Returned for revision at Gate 1.* by [A-Z][a-z]+ [A-Z][a-z]+ on /).waitFor();
    assert.equal(await page.getByLabel('WACC (%)').inputValue(), '12.5');
    assert.equal(await page.getByLabel('Terminal growth (%)').inputValue(), '4');
    assert.equal(await page.getByLabel('Rationale').inputValue(), rationale);
    assert.equal(await page.getByRole('textbox', { name: 'DCF', exact: true }).inputValue(), '60');
    assert.equal(await page.getByRole('textbox', { name: 'NAV', exact: true }).inputValue(), '40');
    await page
      .getByTestId('revision-diff')
      .getByText(/None yet/)
      .waitFor();
    await page.getByLabel('WACC (%)').fill('14');
    const diff = page.getByTestId('revision-diff');
    await diff.getByRole('row', { name: /WACC 12\.5 % 14 %/ }).waitFor();
    assert.equal(await diff.getByRole('row').count(), 2, 'only the WACC changed');
    await assertAccessible(page, '/engagements/:id assumptions after a return for revision');
    await page.screenshot({ path: screenshotPath('engagement-revision.png'), fullPage: true });
    await page.getByRole('button', { name: 'Lock assumptions' }).click();
    await page.getByTestId('confirm-lock').click();
    await statusIs(page, 'GATE_1');
    await tab(page, 'Assumptions');
    assert.equal(await page.getByTestId('locked-wacc').innerText(), '14 %');
    assert.deepEqual(errors, []);
    await ctx.close();
  },
);

test(
  '"Waiting for me" counts what the reviewer can act on, and changes live when the valuer locks',
  { skip },
  async () => {
    const adminCtx = await newContext();
    const { page, errors } = await watchedPage(adminCtx);
    await signUp(page, 'Waiting Room Valuers LLP');
    const id = await newEngagement(page, 'Inbox Industries Private Limited');
    await uploadFile(page, await exampleXlsx(page));
    await statusIs(page, 'DATA_READY');
    // The engagement's own valuer has its assumptions waiting.
    await page.getByTestId('inbox-count').getByText('1', { exact: true }).waitFor();

    const token = await invite(adminCtx, 'VALUER', 'Riya Reviewer');
    const reviewerCtx = await newContext();
    const reviewer = await watchedPage(reviewerCtx);
    await acceptInvite(reviewer.page, token);
    await reviewer.page.getByTestId('inbox-count').getByText('0', { exact: true }).waitFor();

    // The valuer locks; the computation reaches Gate 1, which the reviewer may decide: their count moves without a reload.
    await tab(page, 'Assumptions');
    await page.getByLabel('WACC (%)').fill('12.5');
    await page.getByLabel('Terminal growth (%)').fill('4');
    await page.getByLabel('Rationale').fill('Peer beta 1.1 relevered; CAPM on a 10-year G-sec yield of 7.0 %.');
    await page
      .getByLabel('Reasonableness of the projections')
      .fill(
        'Growth and margins follow the audited years and the order book; capex and working capital match the plan.',
      );
    await page.getByRole('button', { name: 'Lock assumptions' }).click();
    await page.getByTestId('confirm-lock').click();
    await statusIs(page, 'GATE_1');
    await reviewer.page.getByTestId('inbox-count').getByText('1', { exact: true }).waitFor({ timeout: 15_000 });
    await reviewer.page.getByRole('link', { name: /Waiting for me/ }).click();
    const item = reviewer.page.getByTestId('inbox-item');
    await item.getByText(/Gate 1 \(data verification\) is waiting for a decision/).waitFor();
    await assertAccessible(reviewer.page, '/inbox');
    await reviewer.page.screenshot({ path: screenshotPath('waiting-for-me.png'), fullPage: true });
    await item.getByRole('link', { name: 'Inbox Industries Private Limited' }).click();
    await reviewer.page.waitForURL(new RegExp(`/engagements/${id}`));
    assert.deepEqual(errors, []);
    assert.deepEqual(reviewer.errors, []);
    await Promise.all([adminCtx.close(), reviewerCtx.close()]);
  },
);

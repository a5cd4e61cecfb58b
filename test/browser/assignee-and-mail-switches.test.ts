// The assigned valuer and the e-mail switches in the console (Chromium, real server): the New engagement
// form offers the firm's valuers, the list shows the assignee and filters by it, an ADMIN changes it on the
// engagement's page, the new assignee's bell shows the notice, and a person switches a kind of e-mail off on
// their profile.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, consoleSteps, consoleSuite, watchedPage, screenshotPath } from '../helpers/browser.js';

const suite = consoleSuite();
const { skip } = suite;

test(
  'assign on create, see and filter in the list, reassign on the engagement; switch an e-mail off',
  { skip },
  async () => {
    const steps = consoleSteps(suite.server, suite.browser);
    const adminCtx = await steps.newContext();
    const { page, errors } = await watchedPage(adminCtx);
    await steps.signUp(page, 'Assignees & Co');
    const token = await steps.invite(adminCtx, 'VALUER', 'Vani Valuer');
    const valuerCtx = await steps.newContext();
    const valuer = await watchedPage(valuerCtx);
    await steps.acceptInvite(valuer.page, token);

    // The ADMIN creates an engagement assigned to Vani.
    await page.reload();
    await page.getByRole('button', { name: 'New engagement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New engagement' });
    await dialog.getByLabel('Target entity').fill('Assigned Industries Pvt Ltd');
    await dialog.getByRole('combobox', { name: 'Assigned valuer' }).click();
    await page.getByRole('option', { name: 'Vani Valuer' }).click();
    await page.waitForTimeout(300);
    await assertAccessible(page, 'new engagement dialog with the assignee');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/engagements\/eng_/);
    const id = page.url().split('/engagements/')[1]!.split('?')[0]!;
    await page.getByTestId('assignee').waitFor();
    assert.equal(await page.getByTestId('assignee').textContent(), 'Assigned to Vani Valuer');

    // Vani's list: hers, and the "Me" filter keeps it.
    await valuer.page.goto(steps.url('/engagements?assignedTo=me'));
    const row = valuer.page.getByRole('row', { name: /Assigned Industries Pvt Ltd/ });
    await row.waitFor();
    assert.match((await row.textContent()) ?? '', /Vani Valuer/);

    // Vani's bell: one unread notice, the assignment; read, the count goes to nought.
    await valuer.page.getByTestId('bell-count').getByText('1').waitFor();
    await valuer.page.getByTestId('bell').click();
    await valuer.page.getByRole('link', { name: 'Assigned to you: Assigned Industries Pvt Ltd' }).waitFor();
    await valuer.page.getByRole('button', { name: 'Mark all read' }).click();
    await valuer.page.getByTestId('bell-count').getByText('0').waitFor();
    await valuer.page.keyboard.press('Escape');

    // The ADMIN hands it to themself on the engagement's page; Vani's "Me" list no longer has it.
    await page.getByRole('button', { name: 'Reassign' }).click();
    const reassign = page.getByRole('dialog', { name: 'Reassign the engagement' });
    await reassign.getByRole('combobox', { name: 'Assigned to' }).click();
    await reassign.getByRole('option', { name: 'Asha Admin' }).click();
    // Nothing changes until the summary is confirmed.
    await reassign
      .getByTestId('reassign-summary')
      .getByText(/^From Vani Valuer to Asha Admin\./)
      .waitFor();
    assert.equal(await page.getByTestId('assignee').textContent(), 'Assigned to Vani Valuer');
    await reassign.getByRole('button', { name: 'Reassign to Asha Admin' }).click();
    await reassign.waitFor({ state: 'detached' });
    await page.getByText('The engagement is now assigned to you.').waitFor();
    await page.getByText('Assigned to Asha Admin').waitFor();
    await page.waitForFunction(async (eid) => {
      const r = await fetch(`/api/v1/engagements/${eid}`);
      return (await r.json()).assignedValuer?.name === 'Asha Admin';
    }, id);
    // Vani's open "Me" list changes by itself (the console's event stream), within two seconds, with no reload.
    await valuer.page.getByText('No engagement matches.').waitFor({ timeout: 2000 });
    // Vani is no longer the assignee: she sees who is, and cannot change it.
    await valuer.page.goto(steps.url(`/engagements/${id}`));
    await valuer.page.getByTestId('assignee').waitFor();
    assert.equal(await valuer.page.getByTestId('assignee').textContent(), 'Assigned to Asha Admin');

    // Vani switches off the e-mails about reviews waiting.
    await valuer.page.goto(steps.url('/profile'));
    const sw = valuer.page.getByRole('switch', { name: 'Work is waiting for my review (Gate 2)' });
    assert.equal(await sw.isChecked(), true);
    await sw.click({ force: true });
    await valuer.page.waitForFunction(
      async () =>
        (await (await fetch('/api/v1/auth/me')).json()).profile.notificationPreferences.REVIEW_WAITING === false,
    );
    await valuer.page.reload();
    await valuer.page.getByRole('switch', { name: 'Work is waiting for my review (Gate 2)' }).waitFor();
    assert.equal(
      await valuer.page.getByRole('switch', { name: 'Work is waiting for my review (Gate 2)' }).isChecked(),
      false,
    );
    await assertAccessible(valuer.page, '/profile with e-mail switches');
    await valuer.page.screenshot({ path: screenshotPath('profile-mail-switches.png'), fullPage: true });
    assert.deepEqual(errors, []);
    assert.deepEqual(valuer.errors, []);
    await adminCtx.close();
    await valuerCtx.close();
  },
);

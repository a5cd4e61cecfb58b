// Resending an invitation without a mail server (Chromium, real server): Team shows the new link with a copy
// button and says the earlier one no longer works; the invitee who opens the earlier link reads one sentence
// and sees no password form; the new link works.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, consoleSteps, consoleSuite, watchedPage, screenshotPath } from '../helpers/browser.js';
import { uniqueEmail } from '../helpers/principals.js';

const suite = consoleSuite();
const { skip } = suite;

test('Resend shows the new link with Copy; the old link reads as dead, with no password form', { skip }, async () => {
  const steps = consoleSteps(suite.server, suite.browser);
  const adminCtx = await steps.newContext();
  const { page, errors } = await watchedPage(adminCtx);
  await steps.signUp(page, 'Resend & Partners');
  await page.goto(steps.url('/team'));
  const email = uniqueEmail('resent');
  const inviteForm = page.getByRole('form', { name: 'Invite' });
  await inviteForm.getByLabel('E-mail').fill(email);
  await inviteForm.getByLabel('Name').fill('Ravi Resent');
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  const first = (await page.getByTestId('invite-link-url').innerText()).trim();

  const pending = page.getByRole('table', { name: 'Pending invitations' });
  await pending.locator('tr', { hasText: email }).getByRole('button', { name: 'Resend' }).click();
  const resent = page.getByTestId('resent-link');
  await resent.getByText(/The link sent before no longer works/).waitFor();
  await resent.getByRole('button', { name: 'Copy link' }).waitFor();
  const second = (await resent.getByTestId('resent-link-url').innerText()).trim();
  assert.notEqual(second, first, 'a new link');
  assert.ok(second.startsWith(steps.url('/accept-invite?token=')), second);
  await resent.getByRole('button', { name: 'Copy link' }).hover();
  await assertAccessible(page, '/team (resent)');
  await resent.screenshot({ path: screenshotPath('invitation-resent.png') });

  // The invitee opens the earlier link: one sentence, no password form.
  const inviteeCtx = await steps.newContext();
  const invitee = await watchedPage(inviteeCtx);
  await invitee.page.goto(first);
  await invitee.page
    .getByTestId('invitation-dead')
    .getByText(/no longer works/)
    .waitFor();
  assert.equal(await invitee.page.getByLabel('Password').count(), 0, 'no password form for a dead link');
  await assertAccessible(invitee.page, '/accept-invite (dead link)');
  await invitee.page.screenshot({ path: screenshotPath('invitation-dead.png'), fullPage: true });
  // The new one works.
  await steps.acceptInvite(invitee.page, new URL(second).searchParams.get('token')!);
  assert.deepEqual(errors, []);
  assert.deepEqual(
    invitee.errors.filter((e) => !/status of 400/.test(e)),
    [],
  );
  await inviteeCtx.close();
  await adminCtx.close();
});

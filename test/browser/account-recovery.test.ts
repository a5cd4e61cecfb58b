// Accounts people can recover (docs/decisions.md, Password resets), in Chromium against a real SMTP server started
// here: at 375 px the menu holds every action of the header, log out included; "Forgot password" mails a link that
// lets the person choose a new password and sign in with it, and an unknown address is answered the same, with no
// mail.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleSuite, screenshotPath, watchedPage, assertAccessible } from '../helpers/browser.js';
import { PASSWORD, uniqueEmail } from '../helpers/principals.js';
import { startSmtpServer, type Inbox } from '../helpers/smtp.js';

// The mail server starts as the file loads (the root's before hooks run side by side, not in order), so the
// console server is started with its address.
const inbox: Inbox = await startSmtpServer();
after(() => inbox.close());
const suite = consoleSuite({ SMTP_URL: inbox.url });
const { skip } = suite;

const NEW_PASSWORD = 'mango orchard monsoon ledger';

test('at 375 px the menu holds log out, and it logs out', { skip }, async () => {
  await suite.server.t.db.query('DELETE FROM rate_limits');
  const steps = suite.steps();
  const { page, errors } = await watchedPage(await steps.newContext(375));
  await steps.signUp(page, 'Ratnagiri Valuers LLP');
  // The header itself has no room: its log out is in the menu.
  assert.equal(await page.getByRole('banner').getByRole('link', { name: 'Log out' }).isVisible(), false);
  await page.getByRole('button', { name: 'Open navigation' }).click();
  const menu = page.getByRole('navigation', { name: 'Main (mobile)' });
  await menu.getByRole('link', { name: 'Log out' }).waitFor();
  await menu.getByText('Asha Admin · Ratnagiri Valuers LLP · Administrator').waitFor();
  await page.waitForTimeout(300); // the menu's opening transition
  await assertAccessible(page, 'menu at 375 px');
  await page.screenshot({ path: screenshotPath('menu-375-log-out.png') });
  await menu.getByRole('link', { name: 'Log out' }).click();
  await page.waitForURL(/\/login$/);
  await page.goto(steps.url('/engagements'));
  await page.waitForURL(/\/login\?next=/);
  assert.deepEqual(errors, []);
});

test(
  'forgot password end to end: the mailed link sets a new password; an unknown address is answered the same',
  {
    skip,
  },
  async () => {
    await suite.server.t.db.query('DELETE FROM rate_limits');
    const steps = suite.steps();
    const { page, errors } = await watchedPage(await steps.newContext());
    const email = await steps.signUp(page, 'Sindhudurg Valuers LLP');
    await page.goto(steps.url('/logout'));
    await page.waitForURL(/\/login$/);

    const ask = async (address: string): Promise<string> => {
      await page.goto(steps.url('/login'));
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL(/\/forgot-password$/);
      await page.getByLabel('E-mail').fill(address);
      await page.getByRole('button', { name: 'E-mail me a link' }).click();
      const answer = (await page.getByTestId('reset-sent').innerText()).replace(address, '<address>');
      return answer;
    };
    const known = await ask(email);
    await assertAccessible(page, 'forgot password, answered');
    await page.screenshot({ path: screenshotPath('forgot-password-sent.png') });
    const unknown = uniqueEmail('nobody');
    assert.equal(await ask(unknown), known, 'an unknown address gets the same answer');
    assert.match(known, /If <address> has an account, a link to choose a new password is on its way/);

    const mail = await inbox.waitFor(email, (m) => /new password/i.test(m.subject ?? ''));
    const link = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? '')![0]);
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(inbox.to(unknown).length, 0, 'nothing is mailed to an address without an account');

    await page.goto(steps.url(`${link.pathname}${link.search}`));
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await assertAccessible(page, 'reset password');
    await page.screenshot({ path: screenshotPath('reset-password.png') });
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByTestId('password-changed').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login$/);
    // The old password no longer works; the new one does.
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Could not sign in').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/engagements$/);
    // The link works once.
    await page.goto(steps.url(`${link.pathname}${link.search}`));
    await page.getByLabel('New password').fill('another long enough passphrase');
    await page.getByRole('button', { name: 'Change the password' }).click();
    await page.getByText('This link has expired or has been used already').waitFor();
    assert.deepEqual(errors, []);
  },
);

test('an ADMIN sends a member a password reset link from Team', { skip }, async () => {
  await suite.server.t.db.query('DELETE FROM rate_limits');
  const steps = suite.steps();
  const context = await steps.newContext();
  const { page, errors } = await watchedPage(context);
  await steps.signUp(page, 'Dapoli Valuers LLP');
  const email = uniqueEmail('valuer');
  const invited = await suite.server.t.app.inject({
    method: 'POST',
    url: '/api/v1/team/invite',
    headers: await steps.sessionHeaders(context),
    payload: { email, name: 'Vani Valuer', role: 'VALUER' },
  });
  assert.equal(invited.statusCode, 201, invited.body);
  const invitation = await inbox.waitFor(email);
  const acceptAt = new URL(/https?:\/\/\S+\/accept-invite\?token=\S+/.exec(invitation.text ?? '')![0]);
  const member = await watchedPage(await steps.newContext());
  await member.page.goto(steps.url(`${acceptAt.pathname}${acceptAt.search}`));
  await member.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await member.page.getByRole('button', { name: 'Accept and sign in' }).click();
  await member.page.waitForURL(/\/engagements$/);

  await page.goto(steps.url('/team'));
  await page.getByRole('button', { name: 'Send password reset to Vani Valuer' }).click();
  await page.getByTestId('reset-link-sent').waitFor();
  assert.match(await page.getByTestId('reset-link-sent').innerText(), new RegExp(`e-mailed to ${email}`));
  await page.screenshot({ path: screenshotPath('team-password-reset.png') });
  const mail = await inbox.waitFor(email, (m) => /new password/i.test(m.subject ?? ''));
  assert.match(mail.text ?? '', /Asha Admin, an administrator of your firm, has sent you a link/);
  assert.deepEqual(errors, []);
  assert.deepEqual(member.errors, []);
});

// The owner held out by guesses spread over many networks, in a browser never used for the account (Chromium,
// real server): the sign-in page offers an e-mailed link; opening it in this browser recognises the browser, and
// the owner signs in at once, with the password as ever.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, consoleSteps, consoleSuite, watchedPage, screenshotPath } from '../helpers/browser.js';
import { knownBrowserTokenFor, PASSWORD } from '../helpers/principals.js';
import { spreadLoginAttack } from '../helpers/login-attack.js';

const suite = consoleSuite();
const { skip } = suite;

test(
  'a spread attack holds a new browser; an e-mailed link recognises it and the owner signs in',
  { skip },
  async () => {
    const steps = consoleSteps(suite.server, suite.browser);
    const first = await steps.newContext();
    const email = await steps.signUp((await watchedPage(first)).page, 'Known Browser Advisors');
    await first.close();

    // Ten networks, five wrong guesses each, then one more each time the account-wide wait ends, four times: the
    // account is held for 16 s, long enough for this browser to try on a loaded machine.
    await spreadLoginAttack(suite.server.t.app, email, { networks: 10, rounds: 4 });

    const context = await steps.newContext();
    const { page, errors } = await watchedPage(context);
    await page.goto(steps.url('/login'));
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const offer = page.getByRole('button', { name: 'E-mail me a link for this browser' });
    await offer.waitFor();
    await assertAccessible(page, '/login (held)');
    await page.screenshot({ path: screenshotPath('login-held.png'), fullPage: true });
    await offer.click();
    await page.getByTestId('link-sent').waitFor();

    const token = await knownBrowserTokenFor(suite.server.t, email);
    await page.goto(steps.url(`/known-browser?token=${encodeURIComponent(token)}`));
    await assertAccessible(page, '/known-browser');
    await page.screenshot({ path: screenshotPath('known-browser.png'), fullPage: true });
    await page.getByRole('button', { name: 'Recognise this browser' }).click();
    await page.getByTestId('browser-known').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/engagements$/);

    // The link works once: opened again, it says so in one sentence.
    await page.goto(steps.url(`/known-browser?token=${encodeURIComponent(token)}`));
    await page.getByRole('button', { name: 'Recognise this browser' }).click();
    await page.getByText('This link has expired or has been used already').first().waitFor();
    assert.deepEqual(
      errors.filter((e) => !/410/.test(e)),
      [],
    );
    await context.close();
  },
);

// The owner held out by guesses spread over many networks, in a browser never used for the account (Chromium,
// real server): the sign-in page offers an e-mailed link; opening it in this browser recognises the browser, and
// the owner signs in at once, with the password as ever.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { assertAccessible, browserSkipReason, consoleSteps, launchBrowser, startConsoleServer, watchedPage, type ConsoleServer, screenshotPath } from '../helpers/browser.js';
import { knownBrowserTokenFor, PASSWORD } from '../helpers/principals.js';

const skip = browserSkipReason();
let server: ConsoleServer;
let browser: Browser;

before(async () => {
  if (skip) return;
  server = await startConsoleServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

test('a spread attack holds a new browser; an e-mailed link recognises it and the owner signs in', { skip }, async () => {
  const steps = consoleSteps(server, browser);
  const first = await steps.newContext();
  const email = await steps.signUp((await watchedPage(first)).page, 'Known Browser Advisors');
  await first.close();

  // Twelve networks, five wrong guesses each: 60 failures, so the account-wide wait is on for a minute (at 50 it
  // would be a second, which a loaded machine could outlast before the browser tries).
  for (let n = 1; n <= 12; n++) {
    for (let g = 0; g < 5; g++) {
      const res = await server.t.app.inject({ method: 'POST', url: '/api/v1/auth/login', remoteAddress: `2001:db8:${n.toString(16)}::9`, payload: { email, password: `wrong-${n}-${g}` } });
      assert.equal(res.statusCode, 401);
    }
  }

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

  const token = await knownBrowserTokenFor(server.t, email);
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
  assert.deepEqual(errors.filter((e) => !/410/.test(e)), []);
  await context.close();
});

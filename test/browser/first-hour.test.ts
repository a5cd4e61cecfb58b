// A firm's first hour (docs/decisions.md, A firm's first hour): a new ADMIN sees a checklist of what is set up and
// what is left, each step linking to where it is done; a step done elsewhere shows done on the next visit, and the
// checklist goes once every step is done. A member who is not an ADMIN never sees it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, consoleSteps, consoleSuite, watchedPage, screenshotPath } from '../helpers/browser.js';

const suite = consoleSuite();
const { skip } = suite;

test('a new firm sees what is left of its set-up, and each step as it is done', { skip }, async () => {
  const steps = consoleSteps(suite.server, suite.browser);
  const ctx = await steps.newContext();
  const { page, errors } = await watchedPage(ctx);
  await steps.signUp(page, 'Bhosale & Kadam Valuers LLP');
  const list = page.getByTestId('first-hour');
  await list.waitFor();
  assert.equal(await page.getByTestId('first-hour-count').innerText(), '0 of 5 done');
  await assertAccessible(page, '/engagements with the first-hour checklist');
  await page.screenshot({ path: screenshotPath('first-hour.png'), fullPage: true });

  // Each step links to where it is done.
  await list.getByRole('link', { name: 'Firm profile' }).click();
  await page.waitForURL(/\/settings\/firm$/);
  await page.goBack();
  await list.getByRole('button', { name: 'The first engagement' }).click();
  await page.getByRole('dialog', { name: 'New engagement' }).waitFor();
  await page.keyboard.press('Escape');

  // Done elsewhere (here through the API, as another tab would): the profile, the registrations, an engagement.
  const headers = { ...(await steps.sessionHeaders(ctx)), 'content-type': 'application/json' };
  const send = async (method: string, path: string, body: unknown) => {
    const res = await fetch(steps.url(path), { method, headers, body: JSON.stringify(body) });
    assert.ok(res.ok, `${method} ${path}: ${res.status} ${await res.text()}`);
  };
  await send('PATCH', '/api/v1/settings/firm', {
    legalName: 'Bhosale & Kadam Valuers LLP',
    address: 'FC Road, Shivajinagar, Pune 411005',
    gstin: '27AAAFB1234C1Z9',
    icaiFirmRegistrationNumber: '123456W',
  });
  await send('PATCH', '/api/v1/auth/me', {
    registrations: [{ type: 'ICAI_MEMBERSHIP', number: '123456' }],
  });
  await send('POST', '/api/v1/engagements', {
    targetEntity: 'Pawana Pumps Private Limited',
    statute: 'COMPANIES_ACT_SEC_62',
  });
  await page.reload();
  await list.waitFor();
  assert.equal(await page.getByTestId('first-hour-count').innerText(), '3 of 5 done');
  for (const [key, state] of [
    ['firm', 'Done'],
    ['registrations', 'Done'],
    ['certificate', 'To do'],
    ['team', 'To do'],
    ['engagement', 'Done'],
  ])
    assert.match(await page.getByTestId(`first-hour-${key}`).innerText(), new RegExp(`^${state}`), key);
  assert.deepEqual(errors, []);
  await ctx.close();
});

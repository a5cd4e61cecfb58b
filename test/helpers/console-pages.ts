// The console's pages as the browser tests drive them: a firm's first steps, a new engagement, the example
// workbook, uploads, waiting for a stage, tabs, and checks of tables on narrow screens. Shared by the browser
// test files (each starts its own server and Chromium with consoleSuite).
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { assertAccessible, consoleSteps, consoleSuite, type ConsoleServer } from './browser.js';

/** The console environment the page tests run with: an operator for tax invoices. */
export const CONSOLE_ENV = {
  OPERATOR_LEGAL_NAME: 'Valuation Cloud Services Private Limited',
  OPERATOR_GSTIN: '27AABCV1234F1ZO',
};

export function consolePages(suite: { skip: string | undefined; server: ConsoleServer; browser: Browser }) {
  // Every test signs a firm up from 127.0.0.1, more often than the per-address signup limit allows in an
  // hour: each test starts with the address's counters cleared.
  beforeEach(async () => {
    if (!suite.skip) await suite.server.t.db.query('DELETE FROM rate_limits');
  });
  const tmp = mkdtempSync(join(tmpdir(), 'vs-browser-'));
  const url = (path: string) => `${suite.server.baseUrl}${path}`;
  const steps = () => consoleSteps(suite.server, suite.browser);
  const newContext = (width?: number) => steps().newContext(width);
  const invite = (admin: BrowserContext, role: 'VALUER' | 'VIEWER' | 'ADMIN', name: string) =>
    steps().invite(admin, role, name);
  const signUp = (page: Page, firm: string) => steps().signUp(page, firm);
  const acceptInvite = (page: Page, token: string) => steps().acceptInvite(page, token);

  async function newEngagement(page: Page, name: string, proposedPrice?: string): Promise<string> {
    await page.getByRole('button', { name: 'New engagement' }).click();
    const dialog = page.getByRole('dialog', { name: 'New engagement' });
    await dialog.getByLabel('Target entity').fill(name);
    await dialog.getByLabel('CIN').fill('U28100MH2015PTC123456');
    if (proposedPrice) await dialog.getByLabel(/Proposed price per share/).fill(proposedPrice);
    await page.waitForTimeout(300); // the dialog's opening transition
    await assertAccessible(page, 'new engagement dialog');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await page.waitForURL(/\/engagements\/eng_/);
    return page.url().split('/engagements/')[1].split('?')[0];
  }

  /** The filled-in example company (the console names it an example; the blank template would be rejected). */
  async function exampleXlsx(page: Page): Promise<string> {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'example.xlsx' }).click();
    const file = join(tmp, `template-${Date.now()}.xlsx`);
    await (await download).saveAs(file);
    return file;
  }

  async function uploadFile(page: Page, file: string): Promise<void> {
    await page.locator('input[type=file]').first().setInputFiles(file);
  }

  async function statusIs(page: Page, status: string, timeout = 30_000): Promise<void> {
    try {
      await page.locator(`[data-testid=engagement-status][data-status=${status}]`).waitFor({ timeout });
    } catch (err) {
      await page.screenshot({ path: join(tmp, `waiting-for-${status}.png`), fullPage: true });
      throw new Error(`${(err as Error).message}\nscreenshot: ${join(tmp, `waiting-for-${status}.png`)}`);
    }
  }

  async function tab(page: Page, name: string): Promise<void> {
    await page.getByRole('tab', { name: new RegExp(`^${name}`) }).click();
  }

  async function newEngagementFromList(page: Page, name: string): Promise<void> {
    await page.goto(url('/engagements'));
    await newEngagement(page, name);
    await page.goto(url('/engagements'));
  }

  async function assertTablesReachable(page: Page, label: string): Promise<void> {
    const problems = await page.evaluate(() =>
      [...document.querySelectorAll('table')].flatMap((table) => {
        const box = table.closest('[data-scrollx]') as HTMLElement | null;
        if (!box)
          return table.scrollWidth > document.documentElement.clientWidth
            ? [`${table.getAttribute('aria-label')}: wider than the screen, not in a scroll box`]
            : [];
        const style = getComputedStyle(box);
        if (style.overflowX !== 'auto' && style.overflowX !== 'scroll')
          return [`${table.getAttribute('aria-label')}: its box does not scroll`];
        return box.scrollWidth + 1 < table.getBoundingClientRect().width
          ? [`${table.getAttribute('aria-label')}: cut off`]
          : [];
      }),
    );
    assert.deepEqual(problems, [], label);
  }

  return {
    tmp,
    url,
    steps,
    newContext,
    invite,
    signUp,
    acceptInvite,
    newEngagement,
    exampleXlsx,
    uploadFile,
    statusIs,
    tab,
    newEngagementFromList,
    assertTablesReachable,
  };
}

/** A browser test file of the console's pages: its server and Chromium, and the page helpers. */
export function consolePageSuite() {
  const suite = consoleSuite(CONSOLE_ENV);
  return { suite, ...consolePages(suite) };
}

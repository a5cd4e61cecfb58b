// Browser tests: Debian's Chromium driven by playwright-core against a real listening server.
// Without Chromium the suite is skipped with a clear message, except under CI=true, where it must run.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { createTestApp, type TestApp } from './app.js';
import { invitationTokenFor, PASSWORD, uniqueEmail } from './principals.js';

/**
 * Where the browser tests write their screenshots: a temporary folder (or SCREENSHOT_DIR), never the
 * tracked docs/console/, so a test run leaves the work tree clean. `npm run screenshots` runs the
 * browser suite and copies them into docs/console/ on purpose.
 */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'vs-console-screenshots');
export function screenshotPath(name: string): string {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  return join(SCREENSHOT_DIR, name);
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** undefined: run; a string: why the suite is skipped (never under CI). */
export function browserSkipReason(): string | undefined {
  if (existsSync(CHROMIUM)) return undefined;
  if (process.env.CI === 'true')
    throw new Error(`CI=true but Chromium is missing at ${CHROMIUM}: .ci/run installs the chromium package`);
  return `SKIPPED: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface ConsoleServer {
  t: TestApp;
  baseUrl: string;
  close(): Promise<void>;
}

/** The real app listening on a free port, with its worker running, like `npm start`. */
export async function startConsoleServer(env: Record<string, string> = {}): Promise<ConsoleServer> {
  const port = 0;
  const t = await createTestApp({ env: { WORKER_POLL_MS: '100', ...env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  const address = t.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  await t.worker.start();
  return { t, baseUrl, close: () => t.close() };
}

/**
 * A browser test file's console server and Chromium, started before its tests and closed after them (the hooks
 * are registered here). `skip` says why the file's tests cannot run (no Chromium outside CI).
 */
export function consoleSuite(env: Record<string, string> = {}): {
  skip: string | undefined;
  server: ConsoleServer;
  browser: Browser;
  /** consoleSteps on the started server and browser (call it in a test). */
  steps(): ReturnType<typeof consoleSteps>;
} {
  const suite = {
    skip: browserSkipReason(),
    steps: () => consoleSteps(suite.server, suite.browser),
  } as {
    skip: string | undefined;
    server: ConsoleServer;
    browser: Browser;
    steps(): ReturnType<typeof consoleSteps>;
  };
  before(async () => {
    if (suite.skip) return;
    suite.server = await startConsoleServer(env);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}

/** Polls `probe` (a set-up step of the server's own work, e.g. the worker's) until it gives a value. */
export async function until<T>(what: string, probe: () => Promise<T | undefined>, timeout = 60_000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A page that fails the test on any browser console error or uncaught page error. */
export async function watchedPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // A 4xx the page asked for on purpose (a refused form) is logged by Chromium as a failed resource; those are expected.
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of 4\d\d/.test(m.text()))
      errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { page, errors };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core in the page: no serious or critical violations. */
export async function assertAccessible(page: Page, label: string): Promise<void> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: unknown,
          ): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} at ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
  });
  assert.deepEqual(violations, [], `${label}: axe violations`);
}

/** The page itself never scrolls sideways (tables may scroll inside their own containers). */
export async function assertNoHorizontalOverflow(page: Page, label: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `${label}: the page is ${overflow}px wider than the viewport`);
}

/** The steps every browser test starts with: contexts, signing up, inviting and accepting. */
export function consoleSteps(server: ConsoleServer, browser: Browser) {
  const url = (path: string) => `${server.baseUrl}${path}`;
  /** The signed-in person's cookie and CSRF header, for set-up steps done through the API (inviting in the console suite). */
  async function sessionHeaders(context: BrowserContext): Promise<Record<string, string>> {
    const cookies = await context.cookies(server.baseUrl);
    const get = (n: string) => cookies.find((c) => c.name === n)?.value ?? '';
    return { cookie: `vs_session=${get('vs_session')}`, 'x-csrf-token': decodeURIComponent(get('vs_csrf')) };
  }
  const newContext = (width = 1440): Promise<BrowserContext> =>
    browser.newContext({
      viewport: { width, height: 900 },
      acceptDownloads: true,
      bypassCSP: true,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
    });
  return {
    url,
    sessionHeaders,
    newContext,
    /** A watched page (watchedPage) in a new context. */
    newPage: async (width?: number) => watchedPage(await newContext(width)),
    async invite(admin: BrowserContext, role: 'VALUER' | 'VIEWER' | 'ADMIN', name: string): Promise<string> {
      const email = uniqueEmail(role.toLowerCase());
      const res = await server.t.app.inject({
        method: 'POST',
        url: '/api/v1/team/invite',
        headers: await sessionHeaders(admin),
        payload: { email, name, role },
      });
      assert.equal(res.statusCode, 201, res.body);
      return invitationTokenFor(server.t, email);
    },
    async signUp(page: Page, firm: string, email = uniqueEmail('admin')): Promise<string> {
      await page.goto(url('/signup'));
      await page.getByLabel('Firm name').fill(firm);
      await page.getByLabel('Your name').fill('Asha Admin');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.waitForURL(/\/engagements$/);
      return email;
    },
    async signIn(page: Page, email: string): Promise<void> {
      await page.goto(url('/login'));
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/engagements$/);
    },
    async acceptInvite(page: Page, token: string): Promise<void> {
      await page.goto(url(`/accept-invite?token=${encodeURIComponent(token)}`));
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Accept and sign in' }).click();
      await page.waitForURL(/\/engagements$/);
    },
  };
}

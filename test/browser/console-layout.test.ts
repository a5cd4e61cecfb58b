// The console's layout in Chromium against a real server: the keyboard, every page at 375 px, and the loading
// states, each checked with axe.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, assertNoHorizontalOverflow, watchedPage, screenshotPath } from '../helpers/browser.js';
import { consolePageSuite } from '../helpers/console-pages.js';

const { suite, url, newContext, signUp, newEngagement, assertTablesReachable } = consolePageSuite();
const { skip } = suite;

test(
  'from the keyboard: every control on the engagement page shows its focus, and the details are corrected without a mouse',
  { skip },
  async () => {
    const ctx = await newContext();
    const { page, errors } = await watchedPage(ctx);
    await signUp(page, 'Keyboard Valuers LLP');
    await newEngagement(page, 'Tab Key Industries Limited');
    await page.getByRole('button', { name: 'Edit details' }).waitFor();
    const seen: string[] = [];
    const invisible: string[] = [];
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      const f = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement | null;
        if (!focused || focused === document.body) return null;
        // A visually hidden radio or checkbox shows its focus on its label.
        const hiddenInput = focused.tagName === 'INPUT' && focused.getBoundingClientRect().width <= 1;
        const el =
          (hiddenInput && (document.querySelector(`label[for="${focused.id}"]`) as HTMLElement | null)) || focused;
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        // Focus never lands on something off the screen (a collapsed menu's links).
        const r = el.getBoundingClientRect();
        const onScreen = r.right > 0 && r.bottom > 0 && r.left < window.innerWidth && r.width > 0 && r.height > 0;
        return {
          name: `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`,
          ring: ring && onScreen,
        };
      });
      if (!f) continue;
      seen.push(f.name);
      if (!f.ring) invisible.push(f.name);
    }
    assert.ok(seen.length > 15, `reached ${seen.length} controls`);
    assert.deepEqual(invisible, [], 'controls without a visible focus');

    // Edit details by keyboard: focus the button, open, change the name, save with Enter.
    await page.getByRole('button', { name: 'Edit details' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit details' });
    await dialog.waitFor();
    await dialog.getByLabel('Target entity').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Tab Key Industries Private Limited');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Tab Key Industries Private Limited' }).waitFor();
    assert.deepEqual(errors, []);
    await ctx.close();
  },
);

test(
  'every page at 375 px: no horizontal overflow, no serious axe violations; deep links survive a reload',
  { skip },
  async () => {
    const ctx = await newContext(375);
    const { page, errors } = await watchedPage(ctx);
    for (const path of ['/login', '/signup', '/verify', '/accept-invite?token=x']) {
      await page.goto(url(path));
      await page.locator('h1').waitFor();
      await assertNoHorizontalOverflow(page, path);
      await assertAccessible(page, path);
    }
    await signUp(page, 'Narrow Screen Valuers');
    await assertNoHorizontalOverflow(page, '/engagements');
    const id = await newEngagement(page, 'A Company With A Rather Long Registered Name Private Limited');
    // The eight-stage timeline is one line on a phone.
    assert.equal(await page.getByTestId('stage-step').innerText(), 'Step 1 of 8: Created');
    await page.screenshot({ path: screenshotPath('engagement-375.png'), fullPage: true });
    for (const t of ['data', 'assumptions', 'valuation', 'review', 'trail']) {
      await page.goto(url(`/engagements/${id}?tab=${t}`));
      await page.getByRole('tab', { selected: true }).waitFor();
      await assertNoHorizontalOverflow(page, `/engagements/:id?tab=${t}`);
      await assertTablesReachable(page, `/engagements/:id?tab=${t}`);
      await assertAccessible(page, `/engagements/:id?tab=${t} at 375 px`);
    }
    // The pages whose tables were cut off: each table scrolls in its own box, with a cue, and the page does not.
    for (const path of [
      '/engagements',
      '/inbox',
      '/payments',
      '/team',
      '/settings/api-tokens',
      '/settings/webhooks',
      '/settings/firm',
      '/profile',
    ]) {
      await page.goto(url(path));
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      await assertNoHorizontalOverflow(page, path);
      await assertTablesReachable(page, path);
      await assertAccessible(page, `${path} at 375 px`);
    }
    // The menu opens from its button and leads on.
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main (mobile)' }).getByRole('link', { name: 'Team' }).click();
    await page.getByRole('heading', { name: 'Team' }).waitFor();
    await page.getByRole('table').first().waitFor();
    await page
      .getByTestId('scroll-cue')
      .first()
      .getByText(/Scroll sideways for more/)
      .waitFor();
    await page.screenshot({ path: screenshotPath('team-375.png'), fullPage: true });
    // Unknown /api paths stay problem+json, not the console.
    const res = await page.request.get(url('/api/v1/no-such-thing'));
    assert.equal(res.status(), 404);
    assert.match(res.headers()['content-type'], /application\/problem\+json/);
    assert.deepEqual(errors, []);
    await ctx.close();
  },
);

test('loading states are accessible: the spinner shown while the session loads passes axe', { skip }, async () => {
  const ctx = await newContext();
  const { page } = await watchedPage(ctx);
  await signUp(page, 'Slow Network Valuers LLP');
  // Hold the session look-up so the page stays on its spinner while axe runs (CI once caught it there).
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/v1/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url('/engagements'));
  await page.locator('.mantine-Loader-root').waitFor();
  await assertAccessible(page, '/engagements (loading)');
  release();
  await page.getByRole('heading', { name: 'Engagements' }).waitFor();
  await ctx.close();
});

test(
  "at 1366 px the header is one line with the role readable; Settings leads to the firm's settings",
  { skip },
  async () => {
    const ctx = await newContext(1366);
    const { page, errors } = await watchedPage(ctx);
    await signUp(page, 'Mehta Iyer and Associates Valuation Advisors LLP');
    const header = page.locator('header');
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await nav.waitFor();
    // One line: every entry of the navigation shares the top of the first one, and the header keeps its 60 px.
    const tops = await nav
      .locator(':scope > *')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    assert.ok(tops.length >= 6, `${tops.length} entries`);
    assert.equal(new Set(tops).size, 1, `entries at ${tops.join(', ')} px`);
    assert.equal(Math.round((await header.boundingBox())!.height), 60);
    // The name of the service and "Log out" keep one line each.
    for (const name of ['₹ Valuation Service', 'Log out']) {
      assert.ok((await header.getByRole('link', { name }).boundingBox())!.height < 30, `${name} on one line`);
    }
    // The role badge is shown whole, in words, not cut.
    const role = header.getByText('Administrator', { exact: true });
    assert.ok(await role.evaluate((e) => e.scrollWidth <= e.clientWidth), 'the role is readable');
    const bell = header.getByTestId('bell');
    assert.ok(await bell.evaluate((e) => e.scrollWidth <= e.clientWidth), 'the notices button is whole');
    await page.screenshot({ path: screenshotPath('header-1366.png'), clip: { x: 0, y: 0, width: 1366, height: 60 } });
    await nav.getByRole('button', { name: /Settings/ }).click();
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await assertAccessible(page, '/settings/webhooks at 1366 px');
    assert.deepEqual(errors, []);
    await ctx.close();
  },
);

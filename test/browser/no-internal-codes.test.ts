// No internal code in the console's visible text (Chromium, real server): one completed engagement of
// each statute, brought there through the API, then every page and every engagement tab walked in the
// browser; the page's visible text must hold none of the contract's codes (statuses, statutes, purposes,
// method codes, warning codes, document kinds, audit actions, events, e-mail kinds, asset classes, the
// engine's conventions), nor a "Code:" line, a JSON path, a report, engagement, key or gateway order id outside a
// closed "details" disclosure, or an ISO date. A code may stay in a title attribute (a tooltip for support), never
// in the text.
// Every page is also checked with axe, and again with each copy button hovered and focused: the invitation
// link on Team, a new API token, a new webhook endpoint's signing secret.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { assertAccessible, consoleSteps, consoleSuite, until, watchedPage } from '../helpers/browser.js';
import { addMember, asUser, reviewTeam, type Session } from '../helpers/principals.js';
import { createEngagement, decide, fixture, lock, upload } from '../helpers/engagements.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENGAGEMENT_STATUSES } from '../../src/contract/stages.js';
import {
  DISCOUNTING_CONVENTIONS,
  STATUTE_SHORT,
  DOCUMENT_KINDS,
  METHOD_CODES,
  PURPOSES,
  ROUNDING_RULE,
  STATUTES,
  TERMINAL_DISCOUNTING,
} from '../../src/contract/vocabulary.js';
import { WARNING_CATALOGUE } from '../../src/contract/warnings.js';
import { AUDIT, ENGAGEMENT_ACTIONS, transitionAuditAction } from '../../src/contract/audit-actions.js';
import { ENGAGEMENT_EVENT_TYPES } from '../../src/contract/events.js';
import { NOTIFICATION_KINDS } from '../../src/contract/notifications.js';
import { ASSET_CLASSES } from '../../src/contract/registrations.js';
import { CONSOLE_PATHS } from '../../src/contract/console-routes.js';
import { setPaymentStatus } from '../../src/features/engagements/engagements.repository.js';

const suite = consoleSuite();
const { skip } = suite;

/**
 * The codes, from src/contract. DCF and NAV are left out: they are the valuer's own abbreviations
 * (the report's headings use them), not codes.
 */
const INTERNAL_CODES: string[] = [
  ...ENGAGEMENT_STATUSES,
  ...STATUTES,
  ...PURPOSES,
  ...METHOD_CODES.filter((m) => m !== 'DCF' && m !== 'NAV'),
  ...Object.keys(WARNING_CATALOGUE),
  ...DOCUMENT_KINDS,
  ...ENGAGEMENT_ACTIONS,
  ...ENGAGEMENT_ACTIONS.map(transitionAuditAction),
  ...Object.values(AUDIT),
  ...ENGAGEMENT_EVENT_TYPES,
  ...NOTIFICATION_KINDS,
  ...ASSET_CLASSES,
  ...DISCOUNTING_CONVENTIONS,
  TERMINAL_DISCOUNTING,
  ROUNDING_RULE,
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const CODE = new RegExp(`(?<![A-Za-z0-9_.])(${INTERNAL_CODES.map(escape).join('|')})(?![A-Za-z0-9_])`, 'g');

/** The text a person sees: visible text nodes as written (CSS upper-casing aside), no attributes. */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim()) continue;
      if (el.closest('script, style, noscript')) continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      parts.push(n.textContent.trim());
    }
    return parts.join('\n');
  });
}

/**
 * Other API words a person must not read: a "Code:" line, a JSON path, an id of a report, an engagement, a key or a
 * gateway order (a closed "details" disclosure's text is not visible, so ids kept there pass), an ISO date.
 */
const API_WORDS: [string, RegExp][] = [
  ['a code line', /Code:/],
  ['a JSON path', /(?:^|[\s(])\/[a-z][A-Za-z]*(?:\/\d+)?\/[A-Za-z0-9]+/],
  ['an id', /\b(?:rpt|eng|key|order)_[A-Za-z0-9]/],
  ['an ISO date', /\b\d{4}-\d{2}-\d{2}\b/],
];

function leaks(text: string): string[] {
  const found = new Set<string>();
  for (const line of text.split('\n')) {
    for (const m of line.matchAll(CODE)) found.add(`${m[1]} in "${line.slice(0, 160)}"`);
    for (const [what, re] of API_WORDS) if (re.test(line)) found.add(`${what} in "${line.slice(0, 160)}"`);
  }
  return [...found];
}

let copyButtonsChecked = 0;

/** Axe on the page as it is, then with each copy button hovered and focused. */
async function accessibleWithCopyButtons(page: Page, label: string): Promise<void> {
  await assertAccessible(page, label);
  const copies = page.getByRole('button', { name: /^Copy/ });
  for (let i = 0; i < (await copies.count()); i++) {
    copyButtonsChecked++;
    await copies.nth(i).hover();
    await assertAccessible(page, `${label}, copy button ${i + 1} hovered`);
    await copies.nth(i).focus();
    await assertAccessible(page, `${label}, copy button ${i + 1} focused`);
  }
}

/** Through the API, waiting for the running worker: created, uploaded, locked, at GATE_1. */
async function atGate1(t: typeof suite.server.t, valuer: Session, body: Record<string, unknown>, file: string) {
  const status = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(valuer) })).json().status;
  const reaches = (id: string, s: string) => until(s, async () => ((await status(id)) === s ? true : undefined));
  const e = await createEngagement(t, asUser(valuer), body);
  const data = Buffer.from(JSON.stringify(fixture(file)));
  assert.equal((await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'financials.json', data)).statusCode, 201);
  await reaches(e.id, 'DATA_READY');
  const locked = await lock(t, asUser(valuer), e.id);
  assert.equal(locked.statusCode, 200, locked.body);
  await reaches(e.id, 'GATE_1');
  return e.id;
}

async function completed(t: typeof suite.server.t, team: { admin: Session; valuer: Session; reviewer: Session }) {
  const approve = (id: string, gate: string, s: Session, payload: object = {}) =>
    decide(t, id, gate, 'approve', asUser(s), payload);
  // IBC: the land and building estimate is signed by a valuer registered for that class.
  const land = await addMember(t, team.admin, 'VALUER', 'Lata Land Valuer');
  const registered = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    headers: asUser(land),
    payload: { registrations: [{ type: 'IBBI_RV', number: 'IBBI/RV/01/2020/22222', assetClass: 'LAND_AND_BUILDING' }] },
  });
  assert.equal(registered.statusCode, 200, registered.body);
  const cases: [string, Record<string, unknown>, string, object][] = [
    ['RULE_11UA', { targetEntity: 'Sirumalai Spices Private Limited' }, 'sample-company.json', {}],
    [
      'COMPANIES_ACT_SEC_62',
      { targetEntity: 'Kodai Hill Estates Private Limited', statute: 'COMPANIES_ACT_SEC_62', purpose: undefined },
      'sample-company.json',
      {},
    ],
    [
      'FEMA_RBI',
      { targetEntity: 'Marina Software Private Limited', statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' },
      'sample-company.json',
      {},
    ],
    [
      'IBC_LIQUIDATION',
      {
        targetEntity: 'Godavari Forgings Private Limited',
        statute: 'IBC_LIQUIDATION',
        purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
      },
      'ibc-shortfall.json',
      { classSignatories: { LAND_AND_BUILDING: land.userId } },
    ],
  ];
  const ids: Record<string, string> = {};
  for (const [statute, body, file, signing] of cases) {
    const id = await atGate1(t, team.valuer, body, file);
    for (const [gate, who] of [
      ['GATE_1', team.valuer],
      ['GATE_2', team.reviewer],
    ] as const) {
      const res = await approve(id, gate, who);
      assert.equal(res.statusCode, 200, `${statute} ${gate}: ${res.body}`);
    }
    await t.db.transaction((tx) => setPaymentStatus(tx, team.admin.firmId, id, 'PAID'));
    const signed = await approve(id, 'GATE_3', team.admin, { place: 'Chennai', ...signing });
    assert.equal(signed.statusCode, 200, `${statute}: ${signed.body}`);
    ids[statute] = id;
  }
  return ids;
}

test(
  'no internal code in the visible text of any page or tab, for a completed engagement of each statute',
  { skip },
  async () => {
    const t = suite.server.t;
    const steps = consoleSteps(suite.server, suite.browser);
    const team = await reviewTeam(t, 'Vaigai Valuers LLP');
    const ids = await completed(t, team);
    const { page, errors } = await watchedPage(await steps.newContext());
    await steps.signIn(page, team.admin.email);
    const found: string[] = [];
    const walk = async (path: string, label: string, ready: () => Promise<unknown>) => {
      await page.goto(steps.url(path));
      await ready();
      await page.waitForLoadState('networkidle');
      found.push(...leaks(await visibleText(page)).map((l) => `${label}: ${l}`));
      await accessibleWithCopyButtons(page, label);
    };
    const main = () => page.getByRole('main').waitFor();
    for (const [statute, id] of Object.entries(ids)) {
      for (const tab of ['data', 'assumptions', 'valuation', 'review', 'trail']) {
        await walk(`/engagements/${id}?tab=${tab}`, `${statute} ${tab}`, () =>
          page.getByRole('tab', { name: /^Documents/ }).waitFor(),
        );
      }
    }
    for (const name of [
      'engagements',
      'inbox',
      'team',
      'payments',
      'profile',
      'firmSettings',
      'apiTokens',
      'webhooks',
    ] as const) {
      await walk(CONSOLE_PATHS[name], name, main);
    }
    // The invitation link with its copy button, hovered and focused (no mail server: the link is shown).
    await walk(CONSOLE_PATHS.team, 'team, invitation link shown', async () => {
      const form = page.getByRole('form', { name: 'Invite' });
      await form.getByLabel('E-mail').fill(`nila.${Date.now()}@example.com`);
      await form.getByLabel('Name').fill('Nila Narayanan');
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByTestId('invite-link').getByRole('button', { name: 'Copy link' }).waitFor();
    });
    // The token shown once after it is created, with its copy button.
    await walk(CONSOLE_PATHS.apiTokens, 'API tokens, new token shown', async () => {
      await page.getByLabel('Name').fill('Axe check');
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByTestId('new-token').getByRole('button', { name: 'Copy token' }).waitFor();
    });
    // A webhook endpoint's signing secret, shown once after it is added, with its copy button.
    await walk(CONSOLE_PATHS.webhooks, 'webhooks, signing secret shown', async () => {
      await page.getByLabel('Endpoint URL').fill('http://127.0.0.1:9/valuation-hook');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      await page.getByTestId('webhook-secret').getByRole('button', { name: 'Copy secret' }).waitFor();
    });
    // The invitation link, the new token and the webhook secret: three copy buttons at least.
    assert.ok(copyButtonsChecked >= 3, `copy buttons hovered and focused under axe: ${copyButtonsChecked}`);
    await walk(CONSOLE_PATHS.verify, 'verify', main);
    // The New engagement form, statute by statute (the IBC set's classes and holders included).
    for (const statute of STATUTES) {
      await walk(CONSOLE_PATHS.engagements, `new engagement, ${statute}`, async () => {
        await page.getByRole('button', { name: 'New engagement' }).click();
        const dialog = page.getByRole('dialog', { name: 'New engagement' });
        await dialog.getByLabel('Statute').click();
        await page.getByRole('option', { name: STATUTE_SHORT[statute], exact: true }).click();
        if (statute === 'IBC_LIQUIDATION') await dialog.getByText('Coordinating valuer').first().waitFor();
        else assert.equal(await dialog.getByLabel(/Proposed price per share/).count(), 1, statute);
        if (statute === 'IBC_LIQUIDATION')
          assert.equal(await dialog.getByLabel(/Proposed price per share/).count(), 0, 'no per-share price for IBC');
      });
    }
    found.push(...(await signedOutPages(steps, ids, team.admin)));
    assert.deepEqual(found, [], 'internal codes in the visible text');
    assert.deepEqual(errors, []);
  },
);

/**
 * The pages a person reads signed out: sign-in, sign-up, password recovery, an invitation and an unsubscribe link (each
 * with a token the service does not know), and /verify answering for each statute's FINAL, as downloaded.
 */
async function signedOutPages(
  steps: ReturnType<typeof consoleSteps>,
  ids: Record<string, string>,
  admin: Session,
): Promise<string[]> {
  const t = suite.server.t;
  const found: string[] = [];
  const { page, errors } = await watchedPage(await steps.newContext());
  const read = async (label: string) => {
    await page.waitForLoadState('networkidle');
    found.push(...leaks(await visibleText(page)).map((l) => `${label}: ${l}`));
    await assertAccessible(page, label);
  };
  for (const path of [
    CONSOLE_PATHS.login,
    CONSOLE_PATHS.signup,
    CONSOLE_PATHS.forgotPassword,
    `${CONSOLE_PATHS.resetPassword}?token=unknown`,
    `${CONSOLE_PATHS.acceptInvite}?token=unknown`,
    `${CONSOLE_PATHS.unsubscribe}?token=unknown`,
  ]) {
    await page.goto(steps.url(path));
    await page.getByRole('heading').first().waitFor();
    await read(path);
  }
  const dir = mkdtempSync(join(tmpdir(), 'vs-walk-'));
  for (const [statute, id] of Object.entries(ids)) {
    const pdf = await until(`the FINAL of ${statute}`, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/engagements/${id}/report`,
        headers: asUser(admin),
      });
      return res.statusCode === 200 && res.headers['x-report-kind'] === 'FINAL' ? res.rawPayload : undefined;
    });
    const file = join(dir, `${STATUTE_SHORT[statute as keyof typeof STATUTE_SHORT]} valuation - FINAL.pdf`);
    writeFileSync(file, pdf);
    await page.goto(steps.url(CONSOLE_PATHS.verify));
    await page.locator('input[type=file]').setInputFiles(file);
    await page.getByText(/^Valid: the FINAL report of /).waitFor();
    await read(`verify ${statute}`);
  }
  assert.deepEqual(errors, []);
  return found;
}

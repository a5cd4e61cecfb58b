// Running a firm from the console (Chromium, real server): API tokens shown once and revoked; a member
// invited from /team accepts in a second browser; a role change takes effect on their next request;
// deactivation ends their session; the last ADMIN cannot demote themselves; a webhook endpoint's test
// event reaches a local receiver, shows as a delivery and can be redelivered.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, consoleSteps, consoleSuite, watchedPage, screenshotPath } from '../helpers/browser.js';
import { invitationTokenFor, uniqueEmail } from '../helpers/principals.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const suite = consoleSuite({ WEBHOOK_RETRY_SCALE: '0.001', WEBHOOK_SWEEP_MS: '200' });
const { skip } = suite;
let receiver: Receiver;
before(async () => {
  if (!skip) receiver = await startReceiver();
});
after(() => receiver?.close());

test('an ADMIN runs the firm: tokens, team, roles, deactivation, last ADMIN, webhooks', { skip }, async () => {
  const steps = consoleSteps(suite.server, suite.browser);
  const adminCtx = await steps.newContext();
  const { page, errors } = await watchedPage(adminCtx);
  await steps.signUp(page, 'Iyer & Menon Valuers');

  // API token: shown once with a copy button; the list then shows only its prefix; revoked → 401.
  await page.goto(steps.url('/settings/api-tokens'));
  await page.getByLabel('Name').fill('ERP integration');
  await page.getByRole('button', { name: 'Create token' }).click();
  const token = (await page.getByTestId('token-value').innerText()).trim();
  assert.match(token, /^evk_[A-Za-z0-9]{36}$/);
  await page.getByRole('button', { name: 'Copy token' }).waitFor();
  const row = page.getByTestId('token-ERP integration');
  await row.waitFor();
  assert.ok((await row.innerText()).includes(token.slice(0, 8)));
  assert.ok(!(await row.innerText()).includes(token), 'the list shows only the prefix');
  const authed = await fetch(steps.url('/api/v1/engagements'), { headers: { authorization: `Bearer ${token}` } });
  assert.equal(authed.status, 200);
  await assertAccessible(page, '/settings/api-tokens');
  await page.screenshot({ path: screenshotPath('api-tokens.png'), fullPage: true });
  page.once('dialog', (d) => void d.accept());
  await row.getByRole('button', { name: 'Revoke' }).click();
  await row.getByText(/Revoked/).waitFor();
  assert.equal(
    (await fetch(steps.url('/api/v1/engagements'), { headers: { authorization: `Bearer ${token}` } })).status,
    401,
  );
  await page.reload();
  assert.equal(await page.getByTestId('token-value').count(), 0, 'never shown again');

  // Invite from /team; the member accepts in a second browser and signs in.
  await page.goto(steps.url('/team'));
  const email = uniqueEmail('member');
  const inviteForm = page.getByRole('form', { name: 'Invite' });
  await inviteForm.getByLabel('E-mail').fill(email);
  await inviteForm.getByLabel('Name').fill('Meera Member');
  await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
  // No SMTP here: the ADMIN is shown the link to pass on, with why, and a copy button.
  const shown = page.getByTestId('invite-link');
  await shown.getByText(/no mail server configured/).waitFor();
  await shown.getByRole('button', { name: 'Copy link' }).waitFor();
  await shown.screenshot({ path: screenshotPath('invitation-link.png') });
  const link = (await shown.getByTestId('invite-link-url').innerText()).trim();
  assert.ok(link.startsWith(steps.url('/accept-invite?token=')), link);
  assert.equal(
    decodeURIComponent(new URL(link).searchParams.get('token')!),
    invitationTokenFor(suite.server.t, email),
    'the link shown is the one mailed',
  );
  await page.getByRole('table', { name: 'Pending invitations' }).getByText(email).waitFor();
  const memberCtx = await steps.newContext();
  const member = await watchedPage(memberCtx);
  // Accepting shows the firm's name and the role before a password is chosen.
  await member.page.goto(link);
  await member.page
    .getByTestId('invitation-for')
    .getByText(/Meera Member, you are invited to join .+ as a valuer\./)
    .waitFor();
  await steps.acceptInvite(member.page, new URL(link).searchParams.get('token')!);
  await member.page.getByRole('button', { name: 'New engagement' }).waitFor();
  assert.equal(
    await member.page.getByRole('button', { name: 'New engagement' }).isDisabled(),
    false,
    'a VALUER may create',
  );

  // The last ADMIN cannot demote themselves, and the page says why.
  await page.reload();
  const me = page.locator('tr', { hasText: '(you)' });
  await me.getByText(/last administrator can be neither demoted nor deactivated/).waitFor();
  assert.equal(await me.getByLabel(/Role of/).isDisabled(), true);
  await assertAccessible(page, '/team');
  await page.screenshot({ path: screenshotPath('team.png'), fullPage: true });

  // A role change takes effect on the member's next request.
  const memberRow = page.getByTestId(`member-${email}`);
  await memberRow.getByLabel('Role of Meera Member').click();
  await page.getByRole('option', { name: 'Viewer' }).click();
  await memberRow.getByLabel('Role of Meera Member').and(page.locator('[value=Viewer]')).waitFor();
  await member.page.reload();
  await member.page.getByRole('button', { name: 'New engagement' }).waitFor();
  assert.equal(await member.page.getByRole('button', { name: 'New engagement' }).isDisabled(), true, 'now a VIEWER');

  // Deactivating ends the member's session at once.
  page.once('dialog', (d) => void d.accept());
  await memberRow.getByRole('button', { name: 'Deactivate' }).click();
  await memberRow.getByText('DEACTIVATED').waitFor();
  await member.page.reload();
  await member.page.waitForURL(/\/login/);

  // A webhook endpoint: its test event reaches the receiver, shows as a delivery, and can be redelivered.
  await page.goto(steps.url('/settings/webhooks'));
  await page.getByLabel('Endpoint URL').fill(receiver.url('/valuation-hook'));
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page
    .getByTestId('webhook-secret')
    .getByText(/whsec_/)
    .waitFor();
  const endpoint = page.getByTestId('webhook-endpoint');
  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  await endpoint.getByTestId('delivery').first().getByText('DELIVERED').waitFor({ timeout: 15_000 });
  assert.ok(
    receiver.received.some((r) => r.path === '/valuation-hook' && r.body.includes('webhook.test')),
    JSON.stringify(receiver.received.map((r) => r.body.slice(0, 80))),
  );
  const before = receiver.received.length;
  await endpoint.getByTestId('delivery').first().getByRole('button', { name: 'Redeliver' }).click();
  await endpoint.getByTestId('delivery').nth(1).waitFor({ timeout: 15_000 });
  await endpoint.getByText('redelivery').waitFor();
  const until = Date.now() + 10_000;
  while (receiver.received.length <= before && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  assert.ok(receiver.received.length > before, 'the redelivery reached the receiver');
  await assertAccessible(page, '/settings/webhooks');
  await page.screenshot({ path: screenshotPath('webhooks.png'), fullPage: true });

  // The firm's legal name, once set, is how the console's header names the firm (as every report does).
  await page.goto(steps.url('/settings/firm'));
  await page.getByLabel('Legal name').fill('Iyer & Menon Valuation Services LLP');
  await page.getByRole('button', { name: 'Save firm profile' }).click();
  await page.getByText('Firm profile saved.').waitFor();
  await page
    .locator('header')
    .getByText(/· Iyer & Menon Valuation Services LLP/)
    .waitFor({ timeout: 5_000 });

  for (const path of ['/payments', '/settings/firm', '/profile']) {
    await page.goto(steps.url(path));
    await page.locator('h1').waitFor();
    await assertAccessible(page, path);
  }
  assert.deepEqual(errors, [], 'admin browser console');
  assert.deepEqual(
    member.errors.filter((e) => !/401/.test(e)),
    [],
    'member browser console',
  );
  await Promise.all([adminCtx.close(), memberCtx.close()]);
});

// Each mail's link opens the tab where its action is (docs/decisions.md, E-mail notifications), in Chromium against a
// real SMTP server started here: the assignee's "Assigned to you" opens the Documents tab, the reviewers' "Waiting
// for your review" the Review tab, and the valuer's "Returned for revision" the Assumptions tab, each for the person
// the mail was sent to, signed in in their own browser.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ParsedMail } from 'mailparser';
import { consoleSuite, screenshotPath, until, watchedPage } from '../helpers/browser.js';
import { asUser, memberByMail, signupAdmin, type Session } from '../helpers/principals.js';
import { createEngagement, decide, lock, status, uploadFixture } from '../helpers/engagements.js';
import { startSmtpServer, type Inbox } from '../helpers/smtp.js';

// The mail server starts as the file loads, so the console server is started with its address.
const inbox: Inbox = await startSmtpServer();
after(() => inbox.close());
const suite = consoleSuite({ SMTP_URL: inbox.url });
const { skip } = suite;

/** The mail to `who` whose subject matches, once the worker has sent it. */
const mailTo = (who: Session, subject: RegExp) =>
  until(`"${subject.source}" to ${who.email}`, async () =>
    inbox.to(who.email).find((m) => subject.test(m.subject ?? '')),
  );

/** The engagement link of a mail, as a path on the test server. */
function linkOf(m: ParsedMail): string {
  const found = /https?:\/\/[^\s"<]+(\/engagements\/[A-Za-z0-9_]+\?tab=[a-z]+)/.exec(m.text ?? '');
  assert.ok(found, `a link to the engagement in "${m.subject}"`);
  return found[1]!;
}

/** Signed in as `who` in a browser of their own, the mail's link opens `tab`, the only tab selected. */
async function opens(mail: ParsedMail, who: Session, tab: string, path = linkOf(mail)) {
  const steps = suite.steps();
  const { page, errors } = await watchedPage(await steps.newContext());
  await steps.signIn(page, who.email);
  await page.goto(steps.url(path));
  await page.getByRole('tab', { name: new RegExp(`^${tab}`), selected: true }).waitFor();
  assert.equal(await page.getByRole('tab', { selected: true }).count(), 1, mail.subject);
  assert.deepEqual(errors, [], mail.subject);
  return page;
}

test("each mail's link opens the tab where its action is, for the person it was sent to", { skip }, async () => {
  const t = suite.server.t;
  const admin = await signupAdmin(t, 'Alibag Valuers LLP');
  const valuer = await memberByMail(t, inbox, admin, 'VALUER', 'Vani Valuer');
  const reviewer = await memberByMail(t, inbox, admin, 'VALUER', 'Rekha Reviewer');
  const e = await createEngagement(t, asUser(admin), {
    targetEntity: 'Kolaba Boatworks Private Limited',
    assignedValuerId: valuer.userId,
  });
  assert.equal((await uploadFixture(t, asUser(valuer), e.id)).statusCode, 201);
  const atGate1 = () =>
    until('Gate 1', async () => ((await status(t, asUser(admin), e.id)) === 'GATE_1' ? true : undefined));
  assert.equal((await lock(t, asUser(valuer), e.id)).statusCode, 200);
  await atGate1();
  const returned = await decide(t, e.id, 'GATE_1', 'reject', asUser(admin), {
    reason: 'Use the board-approved budget for FY 2027',
    outcome: 'REVISE',
  });
  assert.equal(returned.statusCode, 200, returned.body);
  const assigned = await mailTo(valuer, /^Assigned to you/);
  await opens(assigned, valuer, 'Documents');
  // While it is returned, the link opens the form the valuer revises, with who returned it and why.
  const revise = await mailTo(valuer, /^Returned for revision/);
  const page = await opens(revise, valuer, 'Assumptions');
  await page.getByText('Use the board-approved budget for FY 2027').first().waitFor();
  await page.screenshot({ path: screenshotPath('mail-link-returned.png') });
  await page.context().close();
  assert.equal((await lock(t, asUser(valuer), e.id)).statusCode, 200);
  await atGate1();
  assert.equal((await decide(t, e.id, 'GATE_1', 'approve', asUser(valuer))).statusCode, 200);
  const waiting = await mailTo(reviewer, /^Waiting for your review/);
  await opens(waiting, reviewer, 'Review');
  for (const m of [assigned, revise, waiting]) assert.ok(linkOf(m).startsWith(`/engagements/${e.id}?`), m.subject);
});

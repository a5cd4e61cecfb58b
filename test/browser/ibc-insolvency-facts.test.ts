// The IBC set-up panel "The insolvency" in the console (Chromium, real server; docs/ibc-valuation.md, The insolvency
// facts): the valuer types the facts in the order's words, a date out of the Code's order is refused beside its
// field, in words, and the facts are saved and read back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertAccessible, consoleSuite, screenshotPath } from '../helpers/browser.js';
import { asUser, reviewTeam } from '../helpers/principals.js';
import { createEngagement } from '../helpers/engagements.js';

const suite = consoleSuite();
const { skip } = suite;

test(
  'IBC set-up takes the insolvency facts and refuses a committee constituted before the admission',
  { skip },
  async () => {
    const steps = suite.steps();
    const t = suite.server.t;
    const { valuer } = await reviewTeam(t, 'Pravara Insolvency Valuers LLP');
    const e = await createEngagement(t, asUser(valuer), {
      targetEntity: 'Pravara Castings Private Limited',
      statute: 'IBC_LIQUIDATION',
      purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
      valuationDate: '2026-03-31',
    });
    const { page, errors } = await steps.newPage();
    await steps.signIn(page, valuer.email);
    await page.goto(steps.url(`/engagements/${e.id}`));
    const panel = page.getByTestId('insolvency-facts');
    await panel.getByLabel('NCLT bench').fill('National Company Law Tribunal, Mumbai Bench');
    await panel.getByLabel('Company petition number').fill('C.P. (IB) No. 512/MB/2025');
    await panel.getByLabel('Filed by').fill('State Bank of India');
    await panel.getByRole('combobox', { name: 'As' }).click();
    await page.getByRole('option', { name: 'Financial creditor (s.7)' }).click();
    await panel.getByLabel('Interim resolution professional').fill('Farida Shaikh');
    await panel.getByLabel('Their IBBI registration').fill('IBBI/IPA-003/IP-N00789/2018-2019/12001');
    // The admission order defaults to the valuation date (the insolvency commencement date); the committee before it.
    await panel.getByLabel('Committee of creditors constituted on').fill('2026-03-20');
    await panel.getByRole('button', { name: 'Save the insolvency facts' }).click();
    await panel.getByText(/constituted after the admission order/).waitFor();
    assert.doesNotMatch(await panel.innerText(), /insolvencyFacts|cocConstitutedOn/, 'no JSON path is shown');
    await assertAccessible(page, '/engagements/:id (IBC insolvency facts, refused)');
    await panel.screenshot({ path: screenshotPath('ibc-insolvency-facts-refused.png') });
    await panel.getByLabel('Public announcement made on').fill('2026-04-01');
    await panel.getByLabel('Committee of creditors constituted on').fill('2026-04-01');
    await panel.getByRole('button', { name: 'Save the insolvency facts' }).click();
    await panel.getByText('The insolvency facts are saved.').waitFor();
    const saved = (
      await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: asUser(valuer) })
    ).json();
    assert.equal(saved.insolvencyFacts.admissionOrderDate, '2026-03-31');
    assert.equal(saved.insolvencyFacts.cocConstitutedOn, '2026-04-01');
    assert.equal(saved.insolvencyFacts.publicAnnouncementOn, '2026-04-01');
    assert.equal(saved.insolvencyFacts.applicant.kind, 'FINANCIAL_CREDITOR');
    assert.deepEqual(errors, []);
  },
);

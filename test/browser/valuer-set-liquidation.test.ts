// The IBC valuers panel in a liquidation (Chromium, real server; docs/statutes.md, IBC: the set of valuers): the
// liquidator appoints registered valuers, one per asset class, with no set and no coordinating valuer (Liquidation
// Reg 35(2)), so the panel speaks of neither; a CIRP engagement keeps the set and its coordinating valuer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleSuite } from '../helpers/browser.js';
import { asUser, reviewTeam } from '../helpers/principals.js';
import { createEngagement } from '../helpers/engagements.js';

const suite = consoleSuite();
const { skip } = suite;

test('a liquidation engagement’s valuers panel names no set and no coordinating valuer', { skip }, async () => {
  const steps = suite.steps();
  const t = suite.server.t;
  const { valuer } = await reviewTeam(t, 'Panchganga Liquidation Valuers LLP');
  const liquidation = await createEngagement(t, asUser(valuer), {
    targetEntity: 'Panchganga Castings Private Limited',
    statute: 'IBC_LIQUIDATION',
    purpose: 'LIQUIDATION_REALISABLE_VALUE',
    valuationDate: '2026-03-31',
  });
  const cirp = await createEngagement(t, asUser(valuer), {
    targetEntity: 'Godavari Forgings Private Limited',
    statute: 'IBC_LIQUIDATION',
    purpose: 'CIRP_FAIR_AND_LIQUIDATION_VALUE',
    valuationDate: '2026-03-31',
  });
  const { page } = await steps.newPage();
  await steps.signIn(page, valuer.email);
  await page.goto(steps.url(`/engagements/${liquidation.id}`));
  const panel = page.getByTestId('valuer-set');
  await panel.getByText('The registered valuers', { exact: true }).waitFor();
  const words = await panel.innerText();
  assert.doesNotMatch(words, /\bset\b|coordinating/i, words);
  assert.match(words, /appointed by the liquidator/);
  await page.goto(steps.url(`/engagements/${cirp.id}`));
  const set = page.getByTestId('valuer-set');
  await set.getByText('The set of registered valuers', { exact: true }).waitFor();
  assert.match(await set.innerText(), /Coordinating valuer/);
});

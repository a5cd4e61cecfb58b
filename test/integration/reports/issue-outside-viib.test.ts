// An issue of shares that s.56(2)(viib) no longer reaches (docs/statutes.md, The s.56(2)(viib) sunset): the
// clause reaches consideration received before 1 April 2024, the issue's date deciding. On 31 March 2024 the
// legal basis cites s.56(2)(viib) with Rule 11UA(2)(a) and the value is a ceiling; on 1 April 2024 it cites
// no provision for the issue and says no income-tax floor or ceiling applies, in the API's legalBasis and
// in the report.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { pdfText, collapse } from '../../helpers/pdf.js';
import { asUser, reviewTeam, type Session } from '../../helpers/principals.js';
import {
  createEngagement,
  fixture,
  lock,
  sourced,
  twoYearsEarlier,
  upload,
  VALID_ASSUMPTIONS,
} from '../../helpers/engagements.js';

let t: TestApp;
let valuer: Session;
before(async () => {
  t = await createTestApp();
  ({ valuer } = await reviewTeam(t, 'Sunset Valuers LLP', 'Sunil Valuer'));
});
after(() => t.close());

/** An issue of shares valued on 31 March 2024 and issued on `transactionDate`: its valuation and DRAFT report text. */
async function issueOn(transactionDate: string) {
  const e = await createEngagement(t, asUser(valuer), {
    purpose: 'ISSUE_OF_SHARES',
    valuationDate: '2024-03-31',
    transactionDate,
  });
  const doc = sourced(twoYearsEarlier(fixture('sample-company.json')));
  const up = await upload(t, asUser(valuer), e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(doc)));
  assert.equal(up.statusCode, 201, up.body);
  await t.worker.drain();
  const locked = await lock(t, asUser(valuer), e.id, VALID_ASSUMPTIONS);
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}${url}`, headers: asUser(valuer) });
  const valuation = (await get('/valuation')).json();
  const report = await get('/report');
  assert.equal(report.statusCode, 200);
  return { valuation, text: collapse(pdfText(report.rawPayload)) };
}

const NO_LIMIT = /no income-tax floor or ceiling applies to the issue price/;

test('an issue on 31 March 2024: s.56(2)(viib) with Rule 11UA(2)(a), the value a ceiling', async () => {
  const { valuation, text } = await issueOn('2024-03-31');
  assert.deepEqual(valuation.legalBasis, {
    act: 'INCOME_TAX_ACT_1961',
    provisions: ['s.56(2)(viib)'],
    rules: ['Income-tax Rules, 1962, Rule 11UA(2)(a)', 'Income-tax Rules, 1962, Rule 11U'],
  });
  assert.equal(valuation.conclusion.byPurpose[0].floorOrCeiling, 'CEILING');
  assert.ok(text.includes('Legal basis. Income-tax Act, 1961: s.56(2)(viib); Income-tax Rules, 1962, Rule 11UA(2)(a)'));
  assert.doesNotMatch(text, NO_LIMIT);
});

test('an issue on 1 April 2024: no provision cited for the issue, no income-tax floor or ceiling, in the API and the report', async () => {
  const { valuation, text } = await issueOn('2024-04-01');
  assert.equal(valuation.legalBasis.act, 'INCOME_TAX_ACT_1961');
  assert.deepEqual([valuation.legalBasis.provisions, valuation.legalBasis.rules], [[], []]);
  assert.match(valuation.legalBasis.note, NO_LIMIT);
  assert.match(valuation.legalBasis.note, /the issue is dated 2024-04-01/);
  assert.equal(valuation.conclusion.byPurpose[0].floorOrCeiling, undefined);
  assert.ok(text.includes('Legal basis. Income-tax Act, 1961: no provision sets a floor or ceiling on the price.'));
  assert.match(text, /the issue is dated 1 April 2024, so no income-tax floor or ceiling applies to the issue price/);
  assert.ok(
    !text.includes('Issue of shares by a closely held company (s.56(2)(viib)'),
    'the purpose cites no s.56(2)(viib)',
  );
  assert.ok(text.includes('Issue of shares by a closely held company (no income-tax floor or ceiling'));
});

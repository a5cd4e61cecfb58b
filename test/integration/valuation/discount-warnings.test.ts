// Discounts the lock warns about (docs/statutes.md, FEMA; docs/decisions.md, Valuation results): on a FEMA issue to
// a non-resident a discount lowers the floor Rule 21 sets, and a reason copied word for word from another
// engagement of the firm is worth a second look. The lock stands; the warning says why, and the report prints it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { asToken, createToken, signupAdmin } from '../../helpers/principals.js';
import {
  CAPM_RATIONALE,
  createEngagement,
  fixture,
  lock,
  upload,
  PROJECTIONS_NOTE,
} from '../../helpers/engagements.js';

let t: TestApp;
let bearer: Record<string, string>;
before(async () => {
  t = await createTestApp();
  bearer = asToken((await createToken(t, await signupAdmin(t, 'Discount Warnings LLP'))).token);
});
after(() => t.close());

const BASE = {
  wacc: 12,
  terminalGrowthRate: 4,
  rationale: CAPM_RATIONALE,
  projectionsReasonableness: PROJECTIONS_NOTE,
};
const WEIGHTS = {
  methodWeights: { DCF: 70, NAV: 30 },
  weightsRationale: 'DCF leads: the business is a going concern with reliable projections.',
};
const REASON =
  'The allotment to the fund carries a three-year lock-in and no tag-along right on a sale by the promoters.';

async function ready(body: Record<string, unknown>) {
  const e = await createEngagement(t, bearer, body);
  await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))));
  await t.worker.drain();
  return e;
}
const codes = (res: { json(): { warnings?: { code: string }[] } }) => (res.json().warnings ?? []).map((w) => w.code);

test('a DLOM on a FEMA issue to a non-resident: the lock warns that it lowers the floor, with the reason, and the report prints it', async () => {
  const e = await ready({ statute: 'FEMA_RBI', purpose: 'ISSUE_TO_NON_RESIDENT' });
  const res = await lock(t, bearer, e.id, { ...BASE, ...WEIGHTS, dlomPercent: 10, dlomRationale: REASON });
  assert.equal(res.statusCode, 200, res.body);
  const warning = res.json().warnings.find((w: { code: string }) => w.code === 'FEMA_DISCOUNT_LOWERS_FLOOR');
  assert.match(
    warning.message,
    /takes a discount for lack of marketability of 10%, and Rule 21 .* sets that fair value as the floor on the price of an issue/,
  );
  assert.ok(warning.message.endsWith(`The valuer's reason: ${REASON}`));
  await t.worker.drain();
  const v = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer })
  ).json();
  assert.ok(
    v.warnings.some(
      (w: { code: string; message: string }) => w.code === 'FEMA_DISCOUNT_LOWERS_FLOOR' && w.message.includes(REASON),
    ),
  );
  // One floor, the concluded value after the discount.
  assert.equal(v.conclusion.byPurpose[0].valuePerShare, v.conclusion.valuePerShare);
});

test('the same DLOM reason word for word in a second engagement: a warning naming the first; a reason of its own: none', async () => {
  const first = await ready({
    statute: 'COMPANIES_ACT_SEC_62',
    purpose: undefined,
    targetEntity: 'First Castings Pvt Ltd',
  });
  assert.deepEqual(
    codes(
      await lock(t, bearer, first.id, {
        ...BASE,
        ...WEIGHTS,
        dlomPercent: 12,
        dlomRationale: 'Minority stake; no exit route within five years.',
      }),
    ),
    [],
  );
  const second = await ready({
    statute: 'COMPANIES_ACT_SEC_62',
    purpose: undefined,
    targetEntity: 'Second Castings Pvt Ltd',
  });
  const res = await lock(t, bearer, second.id, {
    ...BASE,
    ...WEIGHTS,
    dlomPercent: 12,
    dlomRationale: '  Minority stake; no exit route within five years. ',
  });
  assert.equal(res.statusCode, 200, res.body);
  const repeated = res.json().warnings.find((w: { code: string }) => w.code === 'DISCOUNT_RATIONALE_REPEATED');
  assert.match(
    repeated.message,
    new RegExp(`word for word the one given for First Castings Pvt Ltd \\(${first.id}\\)`),
  );
  const third = await ready({
    statute: 'COMPANIES_ACT_SEC_62',
    purpose: undefined,
    targetEntity: 'Third Castings Pvt Ltd',
  });
  assert.deepEqual(
    codes(
      await lock(t, bearer, third.id, {
        ...BASE,
        ...WEIGHTS,
        dlomPercent: 12,
        dlomRationale: 'Third Castings: a 9 % holding under a shareholders agreement that bars transfer until 2029.',
      }),
    ),
    [],
  );
});

test("another firm's reasons are not compared", async () => {
  const other = asToken((await createToken(t, await signupAdmin(t, 'Elsewhere Valuers LLP'))).token);
  const e = await createEngagement(t, other, { statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  await upload(t, other, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))));
  await t.worker.drain();
  const res = await lock(t, other, e.id, {
    ...BASE,
    ...WEIGHTS,
    dlomPercent: 12,
    dlomRationale: 'Minority stake; no exit route within five years.',
  });
  assert.deepEqual(codes(res), []);
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import {
  createEngagement,
  engagementAtGate1,
  fixture,
  lock,
  status,
  upload,
  PROJECTIONS_NOTE,
} from '../../helpers/engagements.js';
import { Decimal } from 'decimal.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const patch = (id: string, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/engagements/${id}`, headers: bearer, payload: payload as object });

test('PATCH corrects the engagement before the computation, with an audit entry; after it starts, 409', async () => {
  const e = await createEngagement(t, bearer, {
    statute: 'FEMA_RBI',
    purpose: 'ISSUE_TO_NON_RESIDENT',
    proposedPricePerShare: '250.00',
  });
  const created = (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: bearer })).json();
  assert.equal(created.proposedPricePerShare, '250.00');

  // Bad input changes nothing.
  const bad = await patch(e.id, { proposedPricePerShare: '-5', cin: 'nonsense' });
  assert.equal(bad.statusCode, 400);
  const badPrice = await patch(e.id, { proposedPricePerShare: 12.345 });
  assert.equal(badPrice.statusCode, 400);
  assert.deepEqual(
    badPrice.json().errors.map((x: { path: string }) => x.path),
    ['/proposedPricePerShare'],
  );
  const wrongPurpose = await patch(e.id, { purpose: 'ISSUE_OF_SHARES' });
  assert.equal(wrongPurpose.statusCode, 400);
  assert.equal(
    (await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}`, headers: bearer })).json()
      .proposedPricePerShare,
    '250.00',
  );

  await upload(t, bearer, e.id, 'FINANCIALS', 'f.json', Buffer.from(JSON.stringify(fixture('sample-company.json'))));
  await t.worker.drain();
  assert.equal(await status(t, bearer, e.id), 'DATA_READY');
  const ok = await patch(e.id, {
    targetEntity: 'Sample Manufacturing Private Limited',
    purpose: 'TRANSFER_NON_RESIDENT_TO_RESIDENT',
    proposedPricePerShare: 310,
    valuationDate: '2026-03-31',
  });
  assert.equal(ok.statusCode, 200, ok.body);
  assert.equal(ok.json().targetEntity, 'Sample Manufacturing Private Limited');
  assert.equal(ok.json().purpose, 'TRANSFER_NON_RESIDENT_TO_RESIDENT');
  assert.equal(ok.json().proposedPricePerShare, '310');
  const events = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/events`, headers: bearer })
  ).json();
  const updated = events.find((x: { action: string }) => x.action === 'engagement.updated');
  assert.deepEqual(updated.details.changes.proposedPricePerShare, { from: '250.00', to: '310' });
  assert.deepEqual(updated.details.changes.purpose, {
    from: 'ISSUE_TO_NON_RESIDENT',
    to: 'TRANSFER_NON_RESIDENT_TO_RESIDENT',
  });

  assert.equal(
    (
      await lock(t, bearer, e.id, {
        wacc: 12,
        terminalGrowthRate: 4,
        rationale: 'Cost of equity by CAPM; peer beta relevered.',
        projectionsReasonableness: PROJECTIONS_NOTE,
      })
    ).statusCode,
    200,
  );
  const late = await patch(e.id, { proposedPricePerShare: '300.00' });
  assert.equal(late.statusCode, 409);
  assert.equal(late.json().code, 'computation_started');
  await t.worker.drain();
  assert.equal((await patch(e.id, { targetEntity: 'Another Name Ltd' })).statusCode, 409);

  // The valuation carries compliance: non-resident → resident, price ≤ fair value 302.55; 310 is above.
  const v = (
    await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer })
  ).json();
  assert.equal(v.compliance.proposedPricePerShare, '310.00');
  assert.equal(v.compliance.tests.length, 1);
  const [c] = v.compliance.tests;
  assert.equal(c.purpose, 'TRANSFER_NON_RESIDENT_TO_RESIDENT');
  assert.equal(c.relation, 'AT_MOST');
  assert.equal(c.linePerShare, '302.55');
  assert.equal(c.passes, false);
  assert.equal(c.margin, '7.45');
  assert.match(c.rule, /Rule 21\(2\)\(c\)/);
});

test('the OpenAPI document describes PATCH and compliance', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
  const op = doc.paths['/api/v1/engagements/{id}'].patch;
  assert.equal(op.operationId, 'patchEngagement');
  assert.ok(op.responses['409']);
  assert.ok(doc.components.schemas.Valuation.properties.compliance);
  const ref = doc.paths['/api/v1/engagements/{id}/assumptions/lock'].post.requestBody.content['application/json'].schema
    .$ref as string;
  const lockBody = doc.components.schemas[ref.split('/').pop()!];
  assert.ok(lockBody.properties.methodWeights.description.length > 50);
});

test('FEMA, an issue of CCPS: the conversion price is tested against the fair value at issue, below, at and above it', async () => {
  const valueWith = async (conversionPricePerShare?: string) => {
    const e = await engagementAtGate1(t, bearer, {
      statute: 'FEMA_RBI',
      purpose: 'ISSUE_TO_NON_RESIDENT',
      ...(conversionPricePerShare && { conversionPricePerShare }),
    });
    return (
      await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/valuation`, headers: bearer })
    ).json();
  };
  const fairValue = new Decimal((await valueWith()).conclusion.valuePerShare);
  for (const [price, passes, margin] of [
    [fairValue.minus('0.01'), false, '-0.01'],
    [fairValue, true, '0.00'],
    [fairValue.plus('0.01'), true, '0.01'],
  ] as const) {
    const v = await valueWith(price.toFixed(2));
    const test = v.compliance.tests.find((x: { test: string }) => x.test === 'conversion price ≥ fair value at issue');
    assert.ok(test, JSON.stringify(v.compliance));
    assert.equal(test.passes, passes, `${price.toFixed(2)} against ${fairValue.toFixed(2)}`);
    assert.equal(test.margin, margin);
    assert.match(test.rule, /Non-Debt Instruments\) Rules, 2019, Rule 21/);
  }
  // Only a FEMA issue to a non-resident has a conversion price.
  const refused = await t.app.inject({
    method: 'POST',
    url: '/api/v1/engagements',
    headers: bearer,
    payload: {
      targetEntity: 'Sample Manufacturing Pvt Ltd',
      statute: 'COMPANIES_ACT_SEC_62',
      conversionPricePerShare: '250.00',
    },
  });
  assert.equal(refused.statusCode, 400);
  assert.equal(refused.json().errors[0].path, '/conversionPricePerShare');
});

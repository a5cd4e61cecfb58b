// Engagements brought to a gate for the signatory tests: locked with given assumptions, IBC from the valuers' asset values.
import assert from 'node:assert/strict';
import { type TestApp } from './app.js';
import { asUser, type Session } from './principals.js';
import { createEngagement, engagementAtGate1, lock, uploadFixture } from './engagements.js';
import { setPaymentStatus } from '../../src/features/engagements/engagements.repository.js';

export async function atGate3(
  t: TestApp,
  body: Record<string, unknown>,
  valuer: Session,
  second: Session,
  lockBody?: Record<string, unknown>,
): Promise<string> {
  const e =
    body.statute === 'IBC_LIQUIDATION'
      ? await ibcAtGate1(t, valuer, body)
      : lockBody
        ? await lockedWith(t, valuer, body, lockBody)
        : await engagementAtGate1(t, asUser(valuer), body);
  const gate = (g: string, s: Session) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/engagements/${e.id}/gates/${g}/approve`,
      headers: asUser(s),
      payload: {},
    });
  assert.equal((await gate('GATE_1', valuer)).statusCode, 200);
  assert.equal((await gate('GATE_2', second)).statusCode, 200);
  await t.db.transaction((tx) => setPaymentStatus(tx, valuer.firmId, e.id, 'PAID'));
  return e.id;
}

/** The sample company (projections included), or another fixture, locked with the given assumptions. */
export async function lockedWith(
  t: TestApp,
  valuer: Session,
  body: Record<string, unknown>,
  lockBody: Record<string, unknown>,
  file: { fixture: string; name: string } = { fixture: 'sample-company.json', name: 'financials.json' },
) {
  const e = await createEngagement(t, asUser(valuer), body);
  assert.equal((await uploadFixture(t, asUser(valuer), e.id, file.fixture, file.name)).statusCode, 201);
  await t.worker.drain();
  const locked = await lock(t, asUser(valuer), e.id, lockBody);
  assert.equal(locked.statusCode, 200, locked.body);
  await t.worker.drain();
  return e;
}

/** The IBC valuation uses no discount rate: what is locked for one. */
export const IBC_RATES = {
  wacc: 12,
  terminalGrowthRate: 4,
  rationale: 'Rates are not used by the IBC valuation at all.',
};

/** IBC needs the valuers' asset values: the IBC fixture, no projections, rates unused. */
export const ibcAtGate1 = (t: TestApp, valuer: Session, body: Record<string, unknown>) =>
  lockedWith(t, valuer, body, IBC_RATES, { fixture: 'ibc-shortfall.json', name: 'ibc.json' });

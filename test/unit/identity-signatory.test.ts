import { test } from 'node:test';
import assert from 'node:assert/strict';
import { qualifyingRegistrations, signatoryRequirement, describeRegistration } from '../../src/domain/identity/signatory.js';
import type { Registration } from '../../src/contract/registrations.js';

const RV_SFA: Registration = { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/12345', assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS' };
const RV_LAND: Registration = { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/54321', assetClass: 'LAND_AND_BUILDING' };
const MB: Registration = { type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' };
const CA: Registration = { type: 'ICAI_MEMBERSHIP', number: '123456' };

test('who may sign, per statute and method (docs/statutes.md, Who may sign)', () => {
  const ok = (statute: Parameters<typeof signatoryRequirement>[0], methods: string[], regs: Registration[]) =>
    qualifyingRegistrations(signatoryRequirement(statute, methods as never), regs).length > 0;
  for (const statute of ['COMPANIES_ACT_SEC_62', 'IBC_LIQUIDATION'] as const) {
    assert.equal(ok(statute, ['DCF'], [RV_SFA]), true, statute);
    assert.equal(ok(statute, ['DCF'], [RV_LAND, MB, CA]), false, statute);
  }
  assert.equal(ok('RULE_11UA', ['NAV_11UA_2A', 'DCF'], [MB]), true);
  assert.equal(ok('RULE_11UA', ['NAV_11UA_2A', 'DCF'], [CA, RV_SFA]), false, 'a DCF under 11UA(2)(b) needs a merchant banker');
  assert.equal(ok('RULE_11UA', ['NAV_11UA_1CB'], [CA]), true, 'NAV only: a chartered accountant');
  assert.equal(ok('FEMA_RBI', ['DCF'], [CA]), true);
  assert.equal(ok('FEMA_RBI', ['DCF'], [MB]), true);
  assert.equal(ok('FEMA_RBI', ['DCF'], [RV_SFA]), false);
  assert.match(signatoryRequirement('IBC_LIQUIDATION', []).rule, /Liquidation Process/);
  assert.equal(describeRegistration(RV_SFA), 'IBBI/RV/03/2019/12345 (IBBI registered valuer, Securities or financial assets)');
});

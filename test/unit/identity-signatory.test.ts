import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  plannedMethods,
  qualifyingRegistrations,
  signatoryRequirement,
  describeRegistration,
  signingCapacity,
  unsignableIbcClasses,
} from '../../src/domain/identity/signatory.js';
import type { Registration } from '../../src/contract/registrations.js';

const RV_SFA: Registration = {
  type: 'IBBI_RV',
  number: 'IBBI/RV/03/2019/12345',
  assetClass: 'SECURITIES_OR_FINANCIAL_ASSETS',
};
const RV_LAND: Registration = { type: 'IBBI_RV', number: 'IBBI/RV/03/2019/54321', assetClass: 'LAND_AND_BUILDING' };
const MB: Registration = { type: 'SEBI_MERCHANT_BANKER', number: 'INM000012345' };
const CA: Registration = { type: 'ICAI_MEMBERSHIP', number: '123456' };
const CMA: Registration = { type: 'ICMAI_MEMBERSHIP', number: '12345' };

test('who may sign, per statute and method (docs/statutes.md, Who may sign)', () => {
  const ok = (statute: Parameters<typeof signatoryRequirement>[0], methods: string[], regs: Registration[]) =>
    qualifyingRegistrations(signatoryRequirement(statute, methods as never), regs).length > 0;
  for (const statute of ['COMPANIES_ACT_SEC_62', 'IBC_LIQUIDATION'] as const) {
    assert.equal(ok(statute, ['DCF'], [RV_SFA]), true, statute);
    assert.equal(ok(statute, ['DCF'], [RV_LAND, MB, CA]), false, statute);
  }
  assert.equal(ok('RULE_11UA', ['NAV_11UA_2A', 'DCF'], [MB]), true);
  assert.equal(
    ok('RULE_11UA', ['NAV_11UA_2A', 'DCF'], [CA, RV_SFA]),
    false,
    'a DCF under 11UA(2)(b) needs a merchant banker',
  );
  assert.equal(ok('RULE_11UA', ['NAV_11UA_1CB'], [CA]), true, 'NAV only: a chartered accountant');
  assert.equal(ok('FEMA_RBI', ['DCF'], [CA]), true);
  assert.equal(ok('FEMA_RBI', ['DCF'], [MB]), true);
  assert.equal(ok('FEMA_RBI', ['DCF'], [RV_SFA]), false);
  assert.match(signatoryRequirement('IBC_LIQUIDATION', []).rule, /Liquidation Process/);
  assert.equal(
    describeRegistration(RV_SFA),
    'IBBI/RV/03/2019/12345 (IBBI registered valuer, Securities or financial assets)',
  );
});

test('a cost accountant (ICMAI) qualifies for FEMA only; Rule 57 NAV wants a chartered accountant or merchant banker', () => {
  const ok = (statute: Parameters<typeof signatoryRequirement>[0], methods: string[], regs: Registration[]) =>
    qualifyingRegistrations(signatoryRequirement(statute, methods as never), regs).length > 0;
  assert.equal(ok('FEMA_RBI', ['DCF', 'NAV'], [CMA]), true);
  for (const statute of ['COMPANIES_ACT_SEC_62', 'IBC_LIQUIDATION', 'RULE_11UA'] as const)
    assert.equal(ok(statute, ['NAV_11UA_1CB'], [CMA]), false, statute);
  assert.equal(ok('RULE_11UA', ['NAV_RULE_57'], [CA]), true);
  assert.match(signatoryRequirement('RULE_11UA', ['NAV_RULE_57']).rule, /^Income-tax Rules, 2026, Rule 57/);
  assert.equal(describeRegistration(CMA), 'ICMAI membership no. 12345 (cost accountant)');
});

test('before the computation the signatory follows the methods that will be adopted, not the inputs', () => {
  assert.deepEqual(plannedMethods('RULE_11UA', 'TRANSFER_OR_RECEIPT', '2026-06-30'), ['NAV_RULE_57']);
  assert.deepEqual(plannedMethods('RULE_11UA', 'TRANSFER_OR_RECEIPT', '2026-02-28'), ['NAV_11UA_1CB']);
  assert.deepEqual(plannedMethods('RULE_11UA', 'ISSUE_OF_SHARES', '2026-03-31'), ['NAV_11UA_2A']);
  assert.deepEqual(plannedMethods('RULE_11UA', 'ISSUE_OF_SHARES', '2026-03-31', { DCF: '100' }), ['DCF']);
  assert.deepEqual(plannedMethods('FEMA_RBI', 'ISSUE_TO_NON_RESIDENT', '2026-06-30', { DCF: '0', NAV: '100' }), [
    'NAV',
  ]);
  assert.deepEqual(plannedMethods('FEMA_RBI', null, '2026-06-30'), ['DCF']);
});

test("IBC: the classes nobody may sign, from the assets' classes (anything but land and plant is securities or financial assets)", () => {
  const assets = ['PLANT_AND_MACHINERY', 'LAND_AND_BUILDING', 'OTHER', 'INVENTORY'];
  assert.deepEqual(unsignableIbcClasses(assets, [{ registrations: [RV_SFA] }]), [
    'LAND_AND_BUILDING',
    'PLANT_AND_MACHINERY',
  ]);
  assert.deepEqual(unsignableIbcClasses(assets, [{ registrations: [RV_SFA] }, { registrations: [RV_LAND, CA] }]), [
    'PLANT_AND_MACHINERY',
  ]);
  assert.deepEqual(unsignableIbcClasses(['OTHER'], [{ registrations: null }, { registrations: [CA, MB] }]), [
    'SECURITIES_OR_FINANCIAL_ASSETS',
  ]);
  assert.deepEqual(unsignableIbcClasses([], []), []);
});

test('the capacity each registration signs in: a FEMA certificate never says "registered valuer" for a CA', () => {
  assert.equal(signingCapacity(CA), 'Chartered accountant');
  assert.equal(signingCapacity(CMA), 'Cost accountant');
  assert.equal(signingCapacity(MB), 'SEBI-registered merchant banker');
  assert.equal(signingCapacity(RV_SFA), 'Registered valuer');
});

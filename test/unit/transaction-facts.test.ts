// The transaction facts' rules across fields and the shareholding's percentages (src/contract/transaction-facts.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  percentOf,
  shareholdingWithPercentages,
  transactionFactErrors,
  transactionKindFor,
  type TransactionFacts,
} from '../../src/contract/transaction-facts.js';

const ISSUE: TransactionFacts = {
  kind: 'ISSUE',
  allottees: [
    { name: 'Fund A', instrument: 'EQUITY', number: 100, pricePerShare: '10.00' },
    { name: 'fund a', instrument: 'CCPS', number: 50, pricePerShare: '12.00' },
  ],
  date: '2026-03-31',
  shareholding: [
    { holder: 'Promoter', before: 850, after: 850 },
    { holder: 'Fund A', before: 0, after: 150 },
  ],
};

test('the kind of transaction follows the statute and purpose; either where no purpose is given yet', () => {
  assert.equal(transactionKindFor('COMPANIES_ACT_SEC_62', null), 'ISSUE');
  assert.equal(transactionKindFor('FEMA_RBI', 'TRANSFER_NON_RESIDENT_TO_RESIDENT'), 'TRANSFER');
  assert.equal(transactionKindFor('RULE_11UA', 'ISSUE_OF_SHARES'), 'ISSUE');
  assert.equal(transactionKindFor('RULE_11UA', null), null);
});

test("an allottee's holding grows by everything allotted to them (names alike whatever their case); the rest stay", () => {
  assert.deepEqual(transactionFactErrors(ISSUE, 'COMPANIES_ACT_SEC_62', null), []);
  const off = { ...ISSUE, shareholding: [{ ...ISSUE.shareholding[0], after: 800 }, ISSUE.shareholding[1]] };
  assert.deepEqual(
    transactionFactErrors(off, 'COMPANIES_ACT_SEC_62', null).map((e) => e.path),
    ['/transaction/shareholding/0/after'],
  );
  assert.deepEqual(
    transactionFactErrors(ISSUE, 'FEMA_RBI', 'ISSUE_TO_NON_RESIDENT').map((e) => e.path),
    ['/transaction/allottees/0/country', '/transaction/allottees/1/country'],
  );
  assert.deepEqual(
    transactionFactErrors(ISSUE, 'IBC_LIQUIDATION', null).map((e) => e.path),
    ['/transaction'],
  );
});

test('a transfer moves shares from the transferor to the transferee, who must differ', () => {
  const transfer: TransactionFacts = {
    kind: 'TRANSFER',
    transferor: 'A',
    transferee: 'A ',
    numberOfShares: 10,
    instrument: 'EQUITY',
    consideration: '100.00',
    date: '2026-03-31',
    shareholding: [{ holder: 'A', before: 10, after: 10 }],
  };
  assert.deepEqual(
    transactionFactErrors(transfer, 'RULE_11UA', 'TRANSFER_OR_RECEIPT').map((e) => e.path),
    ['/transaction/transferee'],
  );
});

test('percentages of the total, to two decimals half up, in whole numbers', () => {
  assert.equal(percentOf(1, 3n), '33.33');
  assert.equal(percentOf(2, 3n), '66.67');
  assert.equal(percentOf(1, 8n), '12.50');
  assert.equal(percentOf(0, 0n), '0.00');
  assert.deepEqual(
    shareholdingWithPercentages(ISSUE.shareholding).map((r) => [r.percentBefore, r.percentAfter]),
    [
      ['100.00', '85.00'],
      ['0.00', '15.00'],
    ],
  );
});

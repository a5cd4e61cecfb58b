// A recent round is an issue (the company raised money) or a sale of existing shares between holders (it raised
// nothing): each states its own amount, and the report's line says which (docs/valuation-method.md, Market approach).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseFinancials } from '../../../src/domain/financials/normalise.js';
import { computeRecentRound } from '../../../src/domain/valuation/market-evidence.js';
import { loadDocument } from '../valuation/helpers.js';

const base = { date: '2026-05-15', instrument: 'EQUITY', pricePerShare: 240, armsLength: true };
const parsed = (recentRound: Record<string, unknown>) => {
  const doc = loadDocument('sample-company.json');
  doc.recentRound = recentRound;
  return parseFinancials(doc);
};
const paths = (r: ReturnType<typeof parsed>) => (r.ok ? [] : r.errors.map((e) => e.path));

test('an issue needs the amount raised; a sale needs its consideration and parties and refuses an amount raised', () => {
  assert.deepEqual(paths(parsed({ ...base })), ['/recentRound/amountRaised']);
  assert.deepEqual(paths(parsed({ ...base, kind: 'SECONDARY_SALE', amountRaised: 360 })).sort(), [
    '/recentRound/amountRaised',
    '/recentRound/consideration',
    '/recentRound/parties',
  ]);
  assert.deepEqual(paths(parsed({ ...base, amountRaised: 360, consideration: 360 })), ['/recentRound/consideration']);
});

test("a sale's line says the company raised nothing; an issue's says what it raised", () => {
  const sale = parsed({ ...base, kind: 'SECONDARY_SALE', consideration: 360, parties: 'the promoters sold to a fund' });
  assert.ok(sale.ok);
  const line = computeRecentRound(sale.financials, '2026-10-31')!.method.lines[0];
  assert.match(
    line.note!,
    /36000000\.00 paid for existing shares \(the promoters sold to a fund\); the company issued no shares and raised nothing, at arm's length/,
  );
  const issue = parsed({ ...base, amountRaised: 360 });
  assert.ok(issue.ok);
  assert.match(computeRecentRound(issue.financials, '2026-10-31')!.method.lines[0].note!, /36000000\.00 raised/);
});

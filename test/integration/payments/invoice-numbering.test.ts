// Invoice numbers (docs/decisions.md, Tax invoices): one series per financial year, gap-free even when
// captures run at once and one of them rolls back; on PGlite and on PostgreSQL (TEST_DATABASE_URL).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { nextInvoiceNumber } from '../../../src/features/payments/invoices.repository.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('twenty captures at once, one rolled back: the numbers are 1 to 19 with no gap, and each financial year has its own series', async () => {
  const allocate = (fy: string, fail: boolean) =>
    t.db.transaction(async (tx) => {
      const n = await nextInvoiceNumber(tx, fy);
      // Hold the series a moment, as a capture does while it writes its audit entry and event.
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('the capture failed after taking a number');
      return n;
    });
  const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => allocate('2030-31', i === 7)));
  const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])).sort((a, b) => a - b);
  assert.equal(results.filter((r) => r.status === 'rejected').length, 1);
  assert.deepEqual(
    numbers,
    Array.from({ length: 19 }, (_, i) => i + 1),
    'gap-free: the rolled-back number was taken back',
  );
  assert.equal(await t.db.transaction((tx) => nextInvoiceNumber(tx, '2031-32')), 1, 'a new financial year starts at 1');
  assert.equal(await t.db.transaction((tx) => nextInvoiceNumber(tx, '2030-31')), 20);
});

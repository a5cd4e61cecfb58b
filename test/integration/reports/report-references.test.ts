// The firm's reference of a FINAL report (docs/report-signatures.md, The firm's reference): one series per firm and
// financial year, gap-free even when FINALs are made at once and one of them rolls back; on PGlite and on
// PostgreSQL (TEST_DATABASE_URL).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../helpers/app.js';
import { firmForReference, nextReportSerial } from '../../../src/features/reports/reports.repository.js';
import { insertFirm } from '../../../src/features/identity/users.repository.js';
import { firmInitials, reportReference } from '../../../src/domain/reports/reference.js';

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

test('ten FINALs at once, one rolled back: serials 1 to 9 with no gap; each firm and each financial year its own series', async () => {
  const [a, b] = await t.db.transaction(async (tx) => [
    await insertFirm(tx, { id: 'firm_ref_a', name: 'Mehta & Iyer Valuation Advisors LLP' }),
    await insertFirm(tx, { id: 'firm_ref_b', name: 'Rao and Co' }),
  ]);
  const allocate = (fy: string, fail: boolean) =>
    t.db.transaction(async (tx) => {
      const n = await nextReportSerial(tx, a.id, fy);
      await new Promise((r) => setTimeout(r, 5));
      if (fail) throw new Error('the FINAL failed after taking a serial');
      return n;
    });
  const results = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => allocate('2030-31', i === 3)));
  const serials = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])).sort((x, y) => x - y);
  assert.deepEqual(
    serials,
    Array.from({ length: 9 }, (_, i) => i + 1),
    'gap-free: the rolled-back serial was taken back',
  );
  assert.equal(await t.db.transaction((tx) => nextReportSerial(tx, b.id, '2030-31')), 1, "another firm's series");
  assert.equal(await t.db.transaction((tx) => nextReportSerial(tx, a.id, '2031-32')), 1, 'a new financial year');
  assert.equal(await t.db.transaction((tx) => nextReportSerial(tx, a.id, '2030-31')), 10);

  // A firm that has set no prefix of its own is referred to by the initials of its name.
  const firm = await firmForReference(t.db, a.id);
  assert.equal(firm.prefix, null);
  assert.equal(reportReference(firm.prefix ?? firmInitials(firm.name), '2030-31', 7), 'MIVA/2030-31/0007');
  assert.equal(firmInitials('Rao and Co'), 'R');
  assert.equal(firmInitials('Sharma Shah & Associates Private Limited'), 'SSA');
  assert.equal(firmInitials('—'), 'VR');
  // The prefix a firm sets is capitals and digits only, as a reference prints it.
  await assert.rejects(t.db.query(`UPDATE firms SET report_prefix = 'ab/1' WHERE id = $1`, [a.id]));
  await t.db.query(`UPDATE firms SET report_prefix = 'MIVA' WHERE id = $1`, [a.id]);
  assert.equal((await firmForReference(t.db, a.id)).prefix, 'MIVA');
});

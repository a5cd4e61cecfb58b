// The assigned valuer's name is kept on the engagement's row by triggers (migration 0121, docs/decisions.md,
// Derived columns by trigger): set with the assignee, changed when the member's name changes or another member is
// assigned, and gone when the member is removed. On PGlite and PostgreSQL.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { findEngagementRow, insertEngagement } from '../../../src/features/engagements/engagements.repository.js';
import { createTestDatabase, seedFirms, type TestDatabase } from '../../helpers/db.js';

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
  await seedFirms(
    t.db,
    [
      ['frm_name_a', 'Name A LLP'],
      ['frm_name_b', 'Name B LLP'],
    ],
    [
      ['usr_name_1', 'frm_name_a', 'Vidya Valuer', 'VALUER', 'ACTIVE'],
      ['usr_name_2', 'frm_name_a', 'Arjun Admin', 'ADMIN', 'ACTIVE'],
      ['usr_name_3', 'frm_name_b', 'Other Firm Person', 'ADMIN', 'ACTIVE'],
    ],
  );
});
after(() => t.drop());

const nameOf = async (id: string) => (await findEngagementRow(t.db, 'frm_name_a', id))?.assigned_valuer_name ?? null;

test("the row keeps the assignee's name through a rename, a reassignment and a removal", async () => {
  await t.db.transaction((tx) =>
    insertEngagement(tx, {
      id: 'eng_name_1',
      firmId: 'frm_name_a',
      targetEntity: 'Named Industries Pvt Ltd',
      cin: null,
      statute: 'RULE_11UA',
      purpose: null,
      valuationDate: '2026-03-31',
      createdBy: 'usr_name_2',
      assignedValuerId: 'usr_name_1',
    }),
  );
  assert.equal(await nameOf('eng_name_1'), 'Vidya Valuer');

  await t.db.query(`UPDATE users SET name = 'Vidya Rao' WHERE firm_id = 'frm_name_a' AND id = 'usr_name_1'`);
  assert.equal(await nameOf('eng_name_1'), 'Vidya Rao', 'a rename reaches the engagement');

  await t.db.query(`UPDATE engagements SET assigned_valuer_id = 'usr_name_2' WHERE id = 'eng_name_1'`);
  assert.equal(await nameOf('eng_name_1'), 'Arjun Admin', 'a reassignment takes the new name');

  await t.db.query(`UPDATE engagements SET assigned_valuer_id = 'usr_name_3' WHERE id = 'eng_name_1'`);
  assert.equal(await nameOf('eng_name_1'), null, "another firm's member is no name here");

  await t.db.query(`UPDATE engagements SET assigned_valuer_id = 'usr_name_1' WHERE id = 'eng_name_1'`);
  await t.db.query(`DELETE FROM users WHERE firm_id = 'frm_name_a' AND id = 'usr_name_1'`);
  assert.equal(await nameOf('eng_name_1'), null, 'a removed member leaves no name');
});

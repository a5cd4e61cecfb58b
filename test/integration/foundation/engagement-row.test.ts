// The engagement GET reads its row as one jsonb value (src/features/engagements/engagement-people.repository.ts): it must give
// exactly what the column-by-column read gives, every column set, timestamps to the millisecond included,
// and the signatory inputs from GATE_1 on. On PGlite and PostgreSQL.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { findEngagementRow, insertEngagement } from '../../../src/features/engagements/engagements.repository.js';
import { getEngagementWithSignatoryInputs } from '../../../src/features/engagements/engagement-people.repository.js';
import { createTestDatabase, seedFirms, type TestDatabase } from '../../helpers/db.js';

let t: TestDatabase;
before(async () => {
  t = await createTestDatabase();
  await seedFirms(
    t.db,
    [
      ['frm_row_a', 'Row A LLP'],
      ['frm_row_b', 'Row B LLP'],
    ],
    [
      ['usr_row_1', 'frm_row_a', 'Zed Valuer', 'VALUER', 'ACTIVE'],
      ['usr_row_2', 'frm_row_a', 'Asha Admin', 'ADMIN', 'ACTIVE'],
      ['usr_row_3', 'frm_row_a', 'Ivy Invited', 'VIEWER', 'INVITED'],
    ],
  );
});
after(() => t.drop());

/** The engagement's own columns: without what the detail read adds (signatory inputs, the people behind its steps). */
const withoutInputs = <T extends { signatory_inputs?: unknown; review_people?: unknown }>(row: T) => {
  const { signatory_inputs: _, review_people: _people, ...rest } = row;
  return rest;
};

test('every column reads the same as the column-by-column read; another firm reads nothing', async () => {
  await t.db.transaction((tx) =>
    insertEngagement(tx, {
      id: 'eng_row_full',
      firmId: 'frm_row_a',
      targetEntity: 'Row "Quoted" Industries Pvt Ltd\nLine two',
      cin: 'U72200KA2015PTC081234',
      statute: 'COMPANIES_ACT_S62',
      purpose: 'PREFERENTIAL_ALLOTMENT',
      valuationDate: '2026-03-31',
      createdBy: 'usr_row_1',
      proposedPricePerShare: '123.4500',
      conversionPricePerShare: '0.0001',
      appointingAuthority: 'Board of directors',
      appointmentDate: '2026-04-02',
      addressee: 'The Board',
      companyBackground: 'Ünïcode ₹ — background',
      transactionDate: '2026-04-15',
    }),
  );
  await t.db.query(
    `UPDATE engagements SET created_at = '2026-04-01 10:11:12.123789+05:30', updated_at = '2026-04-03 00:00:00.000999+00',
       class_signatories = '[{"class":"FC","userId":"usr_row_1"}]', signing_place = 'Bengaluru', udin = '26012345ABCDEF1234',
       failure_reason = 'none', status_before_upload = 'CREATED', event_sequence = 7 WHERE id = 'eng_row_full'`,
  );
  const columns = await findEngagementRow(t.db, 'frm_row_a', 'eng_row_full');
  const json = await getEngagementWithSignatoryInputs(t.db, 'frm_row_a', 'eng_row_full');
  assert.ok(columns && json);
  assert.deepEqual(withoutInputs(json), columns);
  assert.ok(json.created_at instanceof Date);
  assert.equal(json.created_at.toISOString(), '2026-04-01T04:41:12.123Z');
  assert.equal(json.updated_at.toISOString(), '2026-04-03T00:00:00.000Z');
  assert.equal(json.signatory_inputs, null, 'no signatory inputs before GATE_1');
  assert.equal(await getEngagementWithSignatoryInputs(t.db, 'frm_row_b', 'eng_row_full'), null);
  assert.equal(await getEngagementWithSignatoryInputs(t.db, 'frm_row_a', 'eng_row_missing'), null);
});

test('a bare engagement (nulls, no assumptions) reads the same; from GATE_1 with the methods and the active members', async () => {
  await t.db.transaction((tx) =>
    insertEngagement(tx, {
      id: 'eng_row_bare',
      firmId: 'frm_row_a',
      targetEntity: 'Bare Pvt Ltd',
      cin: null,
      statute: 'RULE_11UA',
      purpose: null,
      valuationDate: '2026-03-31',
      createdBy: 'usr_row_1',
    }),
  );
  const bare = await getEngagementWithSignatoryInputs(t.db, 'frm_row_a', 'eng_row_bare');
  assert.deepEqual(withoutInputs(bare!), await findEngagementRow(t.db, 'frm_row_a', 'eng_row_bare'));
  assert.deepEqual(
    bare!.review_people,
    { lockedBy: null, gate1: null, gate2: null, signatory: null },
    'nobody has locked or decided yet',
  );

  await t.db.query(`UPDATE engagements SET status = 'GATE_1' WHERE id = 'eng_row_bare'`);
  await t.db.query(
    `INSERT INTO valuations (engagement_id, firm_id, engine_version, result) VALUES ('eng_row_bare', 'frm_row_a', 'test',
       '{"statute":"RULE_11UA","methods":[{"method":"DCF","value":"1.00"}],"conclusion":{"weights":[{"method":"DCF","weightPercent":"100"}]}}')`,
  );
  const gate1 = await getEngagementWithSignatoryInputs(t.db, 'frm_row_a', 'eng_row_bare');
  assert.deepEqual(withoutInputs(gate1!), await findEngagementRow(t.db, 'frm_row_a', 'eng_row_bare'));
  const inputs = gate1!.signatory_inputs!;
  assert.equal(inputs.statute, 'RULE_11UA');
  assert.deepEqual(inputs.methods, [{ method: 'DCF', value: '1.00' }]);
  assert.deepEqual(inputs.conclusion, { weights: [{ method: 'DCF', weightPercent: '100' }] });
  assert.deepEqual(
    inputs.members.map((m) => [m.id, m.name, m.role]),
    [
      ['usr_row_2', 'Asha Admin', 'ADMIN'],
      ['usr_row_1', 'Zed Valuer', 'VALUER'],
    ],
  );
});

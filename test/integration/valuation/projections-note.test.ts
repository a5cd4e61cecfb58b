// The valuer's note on the reasonableness of the projections (docs/reports.md, Annexures): required at the lock where
// a DCF is adopted (400 naming the field), accepted and ignored where none is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { CAPM_LOCK, PROJECTIONS_NOTE, lock, withFixture } from '../../helpers/engagements.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

const ready = (body: Record<string, unknown>) => withFixture(t, bearer, body);

const { projectionsReasonableness: _note, ...WITHOUT_NOTE } = CAPM_LOCK;

test('a DCF lock without the note on the projections is 400 naming /projectionsReasonableness, and locks nothing', async () => {
  const e = await ready({ statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  const refused = await lock(t, bearer, e.id, WITHOUT_NOTE);
  assert.equal(refused.statusCode, 400, refused.body);
  assert.equal(refused.json().code, 'missing_rationale');
  assert.deepEqual(
    refused.json().errors.map((x: { path: string }) => x.path),
    ['/projectionsReasonableness'],
  );
  // Too short is refused by the schema under the same field.
  const short = await lock(t, bearer, e.id, { ...WITHOUT_NOTE, projectionsReasonableness: 'Reasonable.' });
  assert.equal(short.statusCode, 400, short.body);
  assert.ok(short.json().errors.some((x: { path: string }) => x.path === '/projectionsReasonableness'));
  const read = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${e.id}/assumptions`, headers: bearer });
  assert.equal(read.json().locked, false);
  const locked = await lock(t, bearer, e.id, CAPM_LOCK);
  assert.equal(locked.statusCode, 200, locked.body);
  assert.equal(locked.json().projectionsReasonableness, PROJECTIONS_NOTE);
});

test('where no DCF is adopted the note is not asked for, and one given is ignored', async () => {
  const transfer = await ready({ statute: 'RULE_11UA', purpose: 'TRANSFER_OR_RECEIPT', valuationDate: '2026-03-31' });
  const locked = await lock(t, bearer, transfer.id, WITHOUT_NOTE);
  assert.equal(locked.statusCode, 200, locked.body);
  const s62 = await ready({ statute: 'COMPANIES_ACT_SEC_62', purpose: undefined });
  const navOnly = await lock(t, bearer, s62.id, {
    ...CAPM_LOCK,
    methodWeights: { NAV: 100 },
    weightsRationale: 'Net asset value alone: the company is to be wound down.',
  });
  assert.equal(navOnly.statusCode, 200, navOnly.body);
  assert.equal(navOnly.json().projectionsReasonableness, undefined);
});

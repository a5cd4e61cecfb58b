// GET /engagements/{id} is serialised by fast-json-stringify compiled from its zod response schema
// (src/http/compiled-serializer.ts). What it writes must be exactly what zod's encode and JSON.stringify write, for
// an engagement before its valuation and at GATE_1 (with the signatory requirement), and the served body too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { compiledSerializer } from '../../../src/http/compiled-serializer.js';
import { engagementDetailSchema } from '../../../src/http/schemas/engagement.js';
import { getEngagement } from '../../../src/features/engagements/engagement-reads.service.js';
import type { TestApp } from '../../helpers/app.js';
import { asUser, reviewTeamApp, type Session } from '../../helpers/principals.js';
import { person } from '../../helpers/service.js';
import { createEngagement, engagementAtGate1 } from '../../helpers/engagements.js';

let t: TestApp, admin: Session, valuer: Session;
reviewTeamApp('Compiled Answer Valuers LLP', 'Chitra Valuer', (s) => ({ t, admin, valuer } = s));

const serialise = compiledSerializer({ schema: engagementDetailSchema });
const byZod = (data: unknown) => JSON.parse(JSON.stringify(z.encode(engagementDetailSchema, data as never)));

test('the compiled serialiser writes what zod writes, before the valuation and at GATE_1', async () => {
  const fresh = await createEngagement(t, asUser(valuer));
  const valued = await engagementAtGate1(t, asUser(valuer));
  for (const id of [fresh.id, valued.id]) {
    const data = await getEngagement(t.app.services, person(admin, 'ADMIN', 'Asha Admin'), id);
    assert.deepEqual(JSON.parse(serialise(data)), byZod(data), id);
    const served = await t.app.inject({ method: 'GET', url: `/api/v1/engagements/${id}`, headers: asUser(admin) });
    assert.equal(served.statusCode, 200);
    assert.deepEqual(served.json(), byZod(data), `${id} as served`);
  }
  const atGate1 = await getEngagement(t.app.services, person(admin, 'ADMIN', 'Asha Admin'), valued.id);
  assert.ok('signatory' in atGate1, 'the GATE_1 read carries the signatory requirement, compared above');
});

test('a property outside the schema never leaves the service', async () => {
  const e = await createEngagement(t, asUser(valuer));
  const data = await getEngagement(t.app.services, person(admin, 'ADMIN', 'Asha Admin'), e.id);
  const written = JSON.parse(serialise({ ...data, firm_id: 'frm_secret', password_hash: 'x' }));
  assert.equal(written.firm_id, undefined);
  assert.equal(written.password_hash, undefined);
  assert.equal(written.id, e.id);
});

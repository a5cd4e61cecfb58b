import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type TestApp } from '../../helpers/app.js';
import { adminTokenApp } from '../../helpers/principals.js';
import { todayInIndia } from '../../../src/features/engagements/engagement-reads.service.js';

let t: TestApp, bearer: Record<string, string>;
adminTokenApp((s) => ({ t, bearer } = s));

test('"today" is the date in India: 19:00 UTC is already the next day in IST', () => {
  assert.equal(todayInIndia(new Date('2026-04-24T18:29:59Z')), '2026-04-24');
  assert.equal(todayInIndia(new Date('2026-04-24T18:30:00Z')), '2026-04-25'); // 00:00 IST
  assert.equal(todayInIndia(new Date('2026-03-31T19:00:00Z')), '2026-04-01');
});

test('the default valuation date is today in IST; a valuation date after today in India is refused', async () => {
  const create = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/engagements',
      headers: bearer,
      payload: { targetEntity: 'Dates Pvt Ltd', statute: 'RULE_11UA', ...body },
    });
  const before = todayInIndia();
  const res = await create({});
  assert.equal(res.statusCode, 201);
  assert.ok([before, todayInIndia()].includes(res.json().valuationDate));

  const [y, m, d] = todayInIndia().split('-').map(Number);
  const tomorrow = new Date(Date.UTC(y, m - 1, d + 2)).toISOString().slice(0, 10);
  const future = await create({ valuationDate: tomorrow });
  assert.equal(future.statusCode, 400);
  assert.equal(future.json().errors[0].path, '/valuationDate');
  assert.equal((await create({ valuationDate: '2025-03-31' })).statusCode, 201);
});

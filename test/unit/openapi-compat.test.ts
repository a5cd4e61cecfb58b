// The breaking-change check over the committed OpenAPI document: each kind of break is found in a
// copy of the real document with that one change, and an unchanged copy (or an addition) passes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { breakingChanges } from '../../scripts/openapi-compat.js';
import { readCommittedDocument, readReleasedDocument } from '../../scripts/openapi.js';

type Json = Record<string, any>;
const copy = (): Json => structuredClone(readCommittedDocument()) as Json;

test('an unchanged document and an added field break nothing', () => {
  const doc = copy();
  assert.deepEqual(breakingChanges(copy(), doc), []);
  doc.components.schemas.Engagement.properties.addedLater = { type: 'string' };
  assert.deepEqual(breakingChanges(copy(), doc), []);
});

test('a field removed from a response schema breaks, and is named', () => {
  const doc = copy();
  delete doc.components.schemas.Engagement.properties.targetEntity;
  const broken = breakingChanges(copy(), doc);
  assert.ok(
    broken.some((b) => b === 'GET /api/v1/engagements 200[].targetEntity: field removed'),
    broken.join('\n'),
  );
});

test('a removed operation, a removed enum value and a newly required input break', () => {
  const doc = copy();
  delete doc.paths['/api/v1/payments'].get;
  const lock = doc.components.schemas.LockAssumptionsInput;
  const optional = Object.keys(lock.properties).find((k) => !(lock.required ?? []).includes(k))!;
  lock.required = [...(lock.required ?? []), optional];
  const statute = doc.components.schemas.CreateEngagementInput.properties.statute;
  statute.enum = statute.enum.filter((v: string) => v !== 'FEMA_RBI');
  const broken = breakingChanges(copy(), doc);
  assert.ok(broken.includes('GET /api/v1/payments: operation removed'), broken.join('\n'));
  assert.ok(
    broken.includes(`POST /api/v1/engagements/{id}/assumptions/lock body.${optional}: input newly required`),
    broken.join('\n'),
  );
  assert.ok(
    broken.some((b) => b.includes('enum value "FEMA_RBI" removed')),
    broken.join('\n'),
  );
});

test('a changed type is a break: Payment.amount from integer paise to a string', () => {
  const doc = copy();
  doc.components.schemas.Payment.properties.amount = { type: 'string', description: 'paise as a decimal string' };
  const broken = breakingChanges(copy(), doc);
  assert.ok(
    broken.some((b) => /\.amount: type integer changed to string$/.test(b)),
    broken.join('\n'),
  );
});

test('a response field made optional or nullable, or an input given another format, is a break', () => {
  const doc = copy();
  const payment = doc.components.schemas.Payment;
  payment.required = payment.required.filter((k: string) => k !== 'createdAt');
  payment.properties.status = {
    ...payment.properties.status,
    type: [payment.properties.status.type ?? 'string', 'null'].flat(),
  };
  const create = doc.components.schemas.CreateEngagementInput;
  create.properties.valuationDate = { ...create.properties.valuationDate, format: 'date-time' };
  const broken = breakingChanges(copy(), doc);
  assert.ok(
    broken.some((b) => b.endsWith('.createdAt: no longer always present')),
    broken.join('\n'),
  );
  assert.ok(
    broken.some((b) => /\.status: type .* changed to .*null/.test(b)),
    broken.join('\n'),
  );
  assert.ok(
    broken.some((b) => b.endsWith('.valuationDate: format date changed to date-time')),
    broken.join('\n'),
  );
});

test('the released contract catches a break that a regenerated openapi.json would hide', () => {
  const released = structuredClone(readReleasedDocument()) as Json;
  const served = copy();
  served.components.schemas.Payment.properties.amount = { type: 'string' };
  // openapi.json regenerated from the served document: the same tree compares equal, and reports nothing…
  assert.deepEqual(breakingChanges(structuredClone(served), served), []);
  // …the released contract does.
  assert.ok(breakingChanges(released, served).some((b) => b.endsWith('.amount: type integer changed to string')));
});

test('a request that accepts more is not a break; one that accepts less is', () => {
  const doc = copy();
  const lock = doc.components.schemas.LockAssumptionsInput;
  const numeric = Object.keys(lock.properties).find((k) => lock.properties[k].type === 'number')!;
  lock.properties[numeric] = { ...lock.properties[numeric], type: ['number', 'string'] };
  assert.deepEqual(breakingChanges(copy(), doc), []);
  lock.properties[numeric] = { ...lock.properties[numeric], type: 'integer' };
  assert.ok(breakingChanges(copy(), doc).some((b) => b.includes(`.${numeric}: type number changed to integer`)));
});

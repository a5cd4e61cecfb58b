// The breaking-change check over the committed OpenAPI document: each kind of break is found in a
// copy of the real document with that one change, and an unchanged copy (or an addition) passes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { breakingChanges } from '../../scripts/openapi-compat.js';
import { readCommittedDocument } from '../../scripts/openapi.js';

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
  assert.ok(broken.some((b) => b === 'GET /api/v1/engagements 200[].targetEntity: field removed'), broken.join('\n'));
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
  assert.ok(broken.includes(`POST /api/v1/engagements/{id}/assumptions/lock body.${optional}: input newly required`), broken.join('\n'));
  assert.ok(broken.some((b) => b.includes('enum value "FEMA_RBI" removed')), broken.join('\n'));
});

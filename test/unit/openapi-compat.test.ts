// The breaking-change check over the committed OpenAPI document: each kind of break is found in a
// copy of the real document with that one change, and an unchanged copy (or an addition) passes. Error
// responses, x-error-codes and response enums are compared too, and the gate compares with the released
// contract whatever openapi.json holds (scripts/openapi.ts, contractProblems).
import test from 'node:test';
import assert from 'node:assert/strict';
import { breakingChanges, versionChanges } from '../../scripts/openapi-compat.js';
import {
  contractProblems,
  readAcceptedChanges,
  readCommittedDocument,
  readReleasedDocument,
} from '../../scripts/openapi.js';

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

// Error responses are part of the contract: a client handles the codes an operation documents.
const APPROVE = '/api/v1/engagements/{id}/gates/{gate}/approve';

test('an error code removed from Problem.code breaks every error response that carries it', () => {
  const doc = copy();
  const code = doc.components.schemas.Problem.properties.code;
  code.enum = code.enum.filter((c: string) => c !== 'independent_review_required');
  const broken = breakingChanges(copy(), doc);
  assert.ok(
    broken.includes(`POST ${APPROVE} 409.code: enum value "independent_review_required" removed`),
    broken.join('\n'),
  );
});

test("an operation's documented error response removed is a break: the approval's 409", () => {
  const doc = copy();
  delete doc.paths[APPROVE].post.responses['409'];
  assert.deepEqual(breakingChanges(copy(), doc), [`POST ${APPROVE}: response 409 removed`]);
});

test('an x-error-codes entry removed, or answering another status, is a break', () => {
  const doc = copy();
  const op = doc.paths[APPROVE].post;
  op['x-error-codes'] = op['x-error-codes']
    .filter((c: Json) => c.code !== 'payment_required')
    .map((c: Json) => (c.code === 'signatory_not_qualified' ? { ...c, status: 403 } : c));
  assert.deepEqual(breakingChanges(copy(), doc), [
    `POST ${APPROVE}: x-error-codes signatory_not_qualified status 409 changed to 403`,
    `POST ${APPROVE}: x-error-codes entry payment_required removed`,
  ]);
});

test('a value added to an enum a response carries is a break; added to an input enum it is not', () => {
  const doc = copy();
  const status = doc.components.schemas.Payment.properties.status;
  assert.ok(Array.isArray(status.enum), 'Payment.status is an enum');
  status.enum = [...status.enum, 'DISPUTED'];
  const broken = breakingChanges(copy(), doc);
  assert.ok(
    broken.some((b) => b.startsWith('GET /api/v1/payments 200[].status') && b.endsWith('enum value "DISPUTED" added')),
    broken.join('\n'),
  );
  const input = copy();
  const statute = input.components.schemas.CreateEngagementInput.properties.statute;
  statute.enum = [...statute.enum, 'NEW_STATUTE'];
  assert.deepEqual(breakingChanges(copy(), input), []);
});

test('additions pass: an optional field, an operation, an error code (the catalogue is an open list)', () => {
  const doc = copy();
  doc.components.schemas.Payment.properties.note = { type: 'string' };
  doc.paths['/api/v1/added-later'] = { get: structuredClone(doc.paths['/api/v1/payments'].get) };
  doc.paths['/api/v1/added-later'].get.operationId = 'addedLater';
  const code = doc.components.schemas.Problem.properties.code;
  code.enum = [...code.enum, 'added_later'];
  const entry = doc.components.schemas.ErrorCatalogueEntry?.properties.code;
  if (entry) entry.enum = [...entry.enum, 'added_later'];
  const op = doc.paths[APPROVE].post;
  op['x-error-codes'] = [...op['x-error-codes'], { code: 'added_later', status: 422 }];
  op.responses['422'] = structuredClone(op.responses['409']);
  assert.deepEqual(breakingChanges(copy(), doc), []);
});

test('info.version moves (minor) when operations are added to the released contract, and keeps its major', () => {
  const released = copy();
  released.info.version = '1.3.0';
  const served = copy();
  served.info.version = '1.3.0';
  assert.deepEqual(versionChanges(released, served), []);
  served.paths['/api/v1/added-later'] = { get: structuredClone(served.paths['/api/v1/payments'].get) };
  assert.deepEqual(versionChanges(released, served), [
    'info.version 1.3.0 must move to 1.4.0 or later: 1 operation(s) added since 1.3.0 (GET /api/v1/added-later)',
  ]);
  served.info.version = '1.4.0';
  assert.deepEqual(versionChanges(released, served), []);
  served.info.version = '2.0.0';
  assert.equal(versionChanges(released, served).length, 1);
});

test('the gate compares with the released contract even when openapi.json is the served document', () => {
  // What `npm run openapi -- --allow-breaking` leaves behind: openapi.json regenerated from a broken document.
  const served = copy();
  delete served.paths[APPROVE].post.responses['409'];
  const problems = contractProblems(served, structuredClone(served));
  assert.ok(problems.includes(`POST ${APPROVE}: response 409 removed`), problems.join('\n'));
  // The committed document keeps the released contract, with the accepted changes listed and the version moved.
  assert.deepEqual(contractProblems(copy(), copy()), []);
  // An accepted change that no longer occurs is reported, so the list cannot outlive what it excuses.
  const stale = contractProblems(copy(), copy(), readReleasedDocument(), [...readAcceptedChanges(), 'GET /x: gone']);
  assert.deepEqual(stale, [
    'GET /x: gone: listed in contracts/openapi.v1.accepted.json but no longer reported; remove it',
  ]);
});

// The contract checker itself: a deliberately broken case — an operation never exercised, a body that
// does not match, an undocumented status — must each be reported; a matching run reports nothing.
import test from 'node:test';
import assert from 'node:assert/strict';
import { checkAgainstDocument, type ContractDocument, type RecordedResponse } from '../helpers/contract.js';

const doc: ContractDocument = {
  components: { schemas: { Thing: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } } },
  paths: {
    '/things/{id}': {
      get: {
        operationId: 'getThing',
        responses: { 200: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
    '/things': {
      post: {
        operationId: 'createThing',
        responses: { 201: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
  },
};
const answer = (method: string, url: string, status: number, body: unknown): RecordedResponse => ({
  method,
  url,
  status,
  contentType: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify(body)),
});

test('a run that matches the document and exercises every operation reports nothing', () => {
  const report = checkAgainstDocument(doc, [
    answer('GET', '/things/t1', 200, { id: 't1' }),
    answer('POST', '/things', 201, { id: 't2' }),
  ]);
  assert.deepEqual(report.failures, []);
  assert.deepEqual([...report.exercised.keys()].sort(), ['createThing', 'getThing']);
});

test('an operation never exercised, a wrong body and an undocumented status are each reported', () => {
  const report = checkAgainstDocument(doc, [
    answer('GET', '/things/t1', 200, { name: 'no id' }),
    answer('GET', '/things/t2', 418, {}),
  ]);
  assert.equal(report.failures.length, 3, report.failures.join('\n'));
  assert.match(report.failures[0], /GET \/things\/t1 → 200: .*must have required property 'id'/);
  assert.match(report.failures[1], /GET \/things\/t2 → 418: status not documented/);
  assert.match(report.failures[2], /createThing .*never exercised/);
});

test('an exempted operation needs a reason and is then not required', () => {
  const report = checkAgainstDocument(doc, [answer('GET', '/things/t1', 200, { id: 't1' })], {
    exempt: { createThing: 'cannot be called here' },
  });
  assert.deepEqual(report.failures, []);
});

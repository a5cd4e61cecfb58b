// The contract is reviewed on change: the served document must be the committed openapi.json
// (run `npm run openapi` and commit the diff), operationIds unique, and nothing of the released
// /api/v1 (contracts/openapi.v1.json) or the committed document broken.
import test from 'node:test';
import assert from 'node:assert/strict';
import { servedOpenApiDocument } from '../../../scripts/generate-client.js';
import { readCommittedDocument, readReleasedDocument, serialiseDocument } from '../../../scripts/openapi.js';
import { breakingChanges } from '../../../scripts/openapi-compat.js';

test('the served OpenAPI document is the committed openapi.json, with unique operationIds', async () => {
  const served = await servedOpenApiDocument();
  const committed = readCommittedDocument();
  assert.deepEqual(
    breakingChanges(readReleasedDocument(), served),
    [],
    'breaking changes to the released /api/v1 (contracts/openapi.v1.json)',
  );
  assert.deepEqual(breakingChanges(committed, served), [], 'breaking changes to /api/v1');
  assert.equal(
    serialiseDocument(served),
    serialiseDocument(committed),
    'openapi.json is stale: run npm run openapi and review the diff',
  );
  const ids = Object.values(served.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((ops) =>
    Object.values(ops).map((op) => op.operationId),
  );
  assert.ok(
    ids.every((id) => typeof id === 'string' && id.length > 0),
    'every operation has an operationId',
  );
  assert.equal(new Set(ids).size, ids.length, 'operationIds are unique');
});

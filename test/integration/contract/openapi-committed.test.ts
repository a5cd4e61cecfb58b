// The contract is reviewed on change: the served document must be the committed openapi.json
// (run `npm run openapi` and commit the diff), operationIds unique, and nothing of the released
// /api/v1 (contracts/openapi.v1.json, less the changes accepted in contracts/openapi.v1.accepted.json) or the
// committed document broken, with info.version moved for the operations added since the release: the
// gate `npm run openapi -- --check` applies (scripts/openapi.ts, contractProblems).
import test from 'node:test';
import assert from 'node:assert/strict';
import { servedOpenApiDocument } from '../../../scripts/generate-client.js';
import { contractProblems, readCommittedDocument, serialiseDocument } from '../../../scripts/openapi.js';

test('the served OpenAPI document is the committed openapi.json, with unique operationIds', async () => {
  const served = await servedOpenApiDocument();
  const committed = readCommittedDocument();
  assert.deepEqual(
    contractProblems(served, committed),
    [],
    'breaking changes to the released /api/v1 (contracts/openapi.v1.json) or to openapi.json',
  );
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

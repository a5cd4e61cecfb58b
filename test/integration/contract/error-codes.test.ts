// Every operation of the served OpenAPI document lists the error codes it can answer (`x-error-codes`),
// generated from its route file's declaration (config.errorCodes) and what its definition implies. Each
// listed code is in the catalogue with the catalogue's status, and the error statuses the operation
// documents are exactly its codes' statuses (derived from them: plugins/openapi.ts). A route that declares
// no codes stops the app from starting.
import test from 'node:test';
import assert from 'node:assert/strict';
import { servedOpenApiDocument } from '../../../scripts/generate-client.js';
import { ERROR_CATALOGUE, isErrorCode } from '../../../src/contract/errors.js';
import { operationErrorCodes } from '../../../src/http/openapi-document.js';
import openapiPlugin from '../../../src/http/plugins/openapi.js';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';

type Operation = {
  operationId?: string;
  responses?: Record<string, unknown>;
  'x-error-codes'?: { code: string; status: number }[];
};

test('every operation lists x-error-codes, each a catalogue code with its status', async () => {
  const served = await servedOpenApiDocument();
  const operations = Object.entries(served.paths as Record<string, Record<string, Operation>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, op })),
  );
  assert.ok(operations.length > 50, `${operations.length} operations`);
  for (const { where, op } of operations) {
    const listed = op['x-error-codes'];
    assert.ok(Array.isArray(listed) && listed.length > 0, `${where}: x-error-codes`);
    for (const { code, status } of listed) {
      assert.ok(isErrorCode(code), `${where}: ${code} is not in the error catalogue`);
      assert.equal(status, ERROR_CATALOGUE[code].status, `${where}: ${code} answers ${ERROR_CATALOGUE[code].status}`);
    }
    assert.equal(new Set(listed.map((c) => c.code)).size, listed.length, `${where}: each code once`);
    const statuses = [...new Set(listed.map((c) => String(c.status)))].sort();
    const documented = Object.keys(op.responses ?? {})
      .filter((s) => Number(s) >= 400)
      .sort();
    assert.deepEqual(documented, statuses, `${where}: the documented error statuses are those of its codes`);
  }
  // The route files' own declarations reach the document: the gate approval's four-eyes refusal, for one,
  // with the 409 it answers documented.
  const approveOp = operations.find((o) => o.op.operationId === 'approveGate')!.op;
  const approve = approveOp['x-error-codes']!.map((c) => c.code);
  for (const code of ['independent_review_required', 'payment_required', 'person_required', 'not_found'])
    assert.ok(approve.includes(code), code);
  assert.ok(approveOp.responses?.['409'], 'approveGate documents its 409');
});

test('a route that declares no config.errorCodes stops the start, naming the route', async () => {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(openapiPlugin);
  const schema = { operationId: 'undeclared', description: 'A route without its codes' };
  assert.throws(
    () => app.get('/api/v1/undeclared', { config: { auth: 'public' }, schema }, async () => ({})),
    /GET \/api\/v1\/undeclared: the route file must declare config.errorCodes/,
  );
  // Declared, its error responses follow from its codes: a 409 code documents a 409.
  app.get(
    '/api/v1/declared',
    { config: { auth: 'public', errorCodes: ['already_locked'] }, schema: { ...schema, operationId: 'declared' } },
    async () => ({}),
  );
  await app.ready();
  const doc = app.swagger() as unknown as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  assert.deepEqual(Object.keys(doc.paths['/api/v1/declared'].get.responses).sort(), ['409', '500', '503']);
  await app.close();
});

test('the codes an operation implies follow from its access rule and its input', () => {
  const codes = (r: Parameters<typeof operationErrorCodes>[0]) => operationErrorCodes(r).map((c) => c.code);
  const open = codes({ method: 'GET', auth: 'public', declared: [], hasBody: false, hasInput: false });
  assert.deepEqual(open, ['database_unavailable', 'internal_error']);
  const write = codes({
    method: 'POST',
    auth: { person: true },
    declared: ['already_locked'],
    hasBody: true,
    hasInput: true,
  });
  for (const code of [
    'validation_failed',
    'malformed_json',
    'unauthorized',
    'forbidden',
    'csrf_failed',
    'person_required',
    'already_locked',
  ]) {
    assert.ok(write.includes(code as never), code);
  }
});

// The import boundaries in eslint.config.js refuse what they promise to, and allow what is allowed:
// each case is linted as if it were a file at that path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

test('the domain imports only the domain and the contract', async () => {
  assert.equal(
    (await boundaryErrors('src/domain/valuation/x.ts', "import { x } from '../../db/client.js';")).length,
    1,
  );
  assert.equal(
    (await boundaryErrors('src/domain/valuation/x.ts', "import { x } from '../../http/problem.js';")).length,
    1,
  );
  assert.equal(
    (await boundaryErrors('src/domain/valuation/x.ts', "import { x } from '../../lib/errors.js';")).length,
    1,
  );
  assert.equal((await boundaryErrors('src/domain/valuation/x.ts', "import x from 'fastify';")).length, 1);
  assert.deepEqual(
    await boundaryErrors('src/domain/valuation/x.ts', "import { x } from '../engagement/state-machine.js';"),
    [],
  );
  assert.deepEqual(
    await boundaryErrors('src/domain/valuation/x.ts', "import { x } from '../../contract/vocabulary.js';"),
    [],
  );
});

test('the HTTP layer never imports the database', async () => {
  const [message] = await boundaryErrors(
    'src/http/routes/v1/x.ts',
    "import { x } from '../../../db/repositories/engagements.js';",
  );
  assert.match(message, /HTTP layer never imports the database/);
  assert.deepEqual(
    await boundaryErrors('src/http/routes/v1/x.ts', "import { x } from '../../../services/engagements.js';"),
    [],
  );
});

test('the console imports only itself, the contract and packages; the contract imports only itself', async () => {
  assert.equal(
    (await boundaryErrors('web/src/pages/X.tsx', "import { x } from '../../../src/services/engagements';")).length,
    1,
  );
  assert.equal(
    (await boundaryErrors('web/src/pages/X.tsx', "import { x } from '../../../src/domain/valuation/engine';")).length,
    1,
  );
  assert.deepEqual(
    await boundaryErrors('web/src/pages/X.tsx', "import { x } from '../../../src/contract/vocabulary';"),
    [],
  );
  assert.deepEqual(await boundaryErrors('web/src/pages/X.tsx', "import { x } from '../api/client';"), []);
  assert.equal((await boundaryErrors('src/contract/x.ts', "import { x } from '../lib/errors.js';")).length, 1);
  assert.deepEqual(await boundaryErrors('src/contract/x.ts', "import { x } from './vocabulary.js';"), []);
});

test('services never import the worker (the worker calls services)', async () => {
  const [message] = await boundaryErrors('src/services/x.ts', "import { x } from '../jobs/worker.js';");
  assert.match(message, /Services never import the worker/);
  assert.equal((await boundaryErrors('src/services/x.ts', "import { x } from '../jobs/handlers/index.js';")).length, 1);
  assert.deepEqual(await boundaryErrors('src/services/x.ts', "import { x } from './jobs.js';"), []);
  assert.deepEqual(await boundaryErrors('src/services/x.ts', "import { x } from '../db/repositories/jobs.js';"), []);
});

test('services run no SQL: a .query( in src/services is refused, the same call in a repository is not', async () => {
  const sqlErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };
  const code =
    "export async function count(tx: { query(sql: string): Promise<unknown[]> }) {\n  return tx.query('SELECT count(*) FROM firms');\n}\n";
  const generic =
    "export async function count(tx: { query<T>(sql: string): Promise<T[]> }) {\n  return tx.query<{ n: number }>('SELECT 1 AS n');\n}\n";
  const [message] = await sqlErrors('src/services/x.ts', code);
  assert.match(message, /Services run no SQL/);
  assert.equal((await sqlErrors('src/services/x.ts', generic)).length, 1, 'a typed query too');
  assert.deepEqual(await sqlErrors('src/db/repositories/x.ts', code), []);
});

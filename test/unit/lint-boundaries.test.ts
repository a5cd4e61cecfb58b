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
    "import { x } from '../../../features/engagements/engagements.repository.js';",
  );
  assert.match(message, /HTTP layer never imports the database, a repository/);
  assert.equal(
    (await boundaryErrors('src/http/routes/v1/x.ts', "import { x } from '../../../db/client.js';")).length,
    1,
  );
  assert.deepEqual(
    await boundaryErrors(
      'src/http/routes/v1/x.ts',
      "import { x } from '../../../features/engagements/engagement-reads.service.js';",
    ),
    [],
  );
});

test('the console imports only itself, the contract and packages; the contract imports only itself', async () => {
  assert.equal(
    (
      await boundaryErrors(
        'web/src/pages/X.tsx',
        "import { x } from '../../../src/features/engagements/engagement-reads.service';",
      )
    ).length,
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
  const service = 'src/features/valuation/x.service.ts';
  const [message] = await boundaryErrors(service, "import { x } from '../../jobs/worker.js';");
  assert.match(message, /Services never import the worker/);
  assert.equal((await boundaryErrors(service, "import { x } from '../../jobs/job-kinds.js';")).length, 1);
  assert.deepEqual(await boundaryErrors(service, "import { x } from '../platform/job-queue.service.js';"), []);
  assert.deepEqual(await boundaryErrors(service, "import { x } from './valuation-data.repository.js';"), []);
  assert.deepEqual(await boundaryErrors(service, "import { x } from '../../reports/render.js';"), []);
});

test("services run no SQL: a .query( in a feature's service is refused, the same call in a repository is not", async () => {
  const sqlErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  };
  const code =
    "export async function count(tx: { query(sql: string): Promise<unknown[]> }) {\n  return tx.query('SELECT count(*) FROM firms');\n}\n";
  const generic =
    "export async function count(tx: { query<T>(sql: string): Promise<T[]> }) {\n  return tx.query<{ n: number }>('SELECT 1 AS n');\n}\n";
  const [message] = await sqlErrors('src/features/payments/x.service.ts', code);
  assert.match(message, /Services run no SQL/);
  assert.equal((await sqlErrors('src/features/payments/x.service.ts', generic)).length, 1, 'a typed query too');
  assert.deepEqual(await sqlErrors('src/features/payments/x.repository.ts', code), []);
});

/** Whether an import is refused in a file at that path (one message) or allowed (none). */
async function refused(filePath: string, from: string): Promise<boolean> {
  const errors = await boundaryErrors(filePath, `import { x } from '${from}';`);
  assert.ok(errors.length <= 1, errors.join('\n'));
  return errors.length === 1;
}

/** Each layer's rule, as a file at that path sees it: what it may not import, and what it may. */
const LAYERS: { layer: string; file: string; refused: string[]; allowed: string[] }[] = [
  {
    layer: 'reports import the domain, the contract and lib; never services, the database, HTTP, jobs or integrations',
    file: 'src/reports/sections/x.ts',
    refused: [
      '../../features/reports/report-render.service.js',
      '../../features/payments/invoices.repository.js',
      '../../db/client.js',
      '../../http/problem.js',
      '../../jobs/worker.js',
      '../../integrations/mail/index.js',
      'pg',
    ],
    allowed: ['../../domain/valuation/types.js', '../../contract/stages.js', '../../lib/errors.js', '../format.js'],
  },
  {
    layer:
      'integrations import the domain, the contract, lib and the config; never services, the database, HTTP, jobs or reports',
    file: 'src/integrations/mail/x.ts',
    refused: [
      '../../features/notifications/notifications.service.js',
      '../../db/client.js',
      '../../http/problem.js',
      '../../jobs/worker.js',
      '../../reports/render.js',
    ],
    allowed: ['../../domain/webhooks/x.js', '../../contract/errors.js', '../../lib/crypto.js', '../../config.js'],
  },
  {
    // A feature named like a layer (features/reports) is a feature, not the layer.
    layer: 'the worker reaches services and its queue; never HTTP, the domain, reports or integrations',
    file: 'src/jobs/x.ts',
    refused: [
      '../http/problem.js',
      '../domain/valuation/engine.js',
      '../reports/render.js',
      '../integrations/webhooks/send.js',
    ],
    allowed: ['../features/reports/report-render.service.js', './worker.js', '../lib/ids.js'],
  },
  {
    layer: 'lib imports only lib and the contract',
    file: 'src/lib/x.ts',
    refused: [
      '../features/identity/identity.service.js',
      '../domain/identity/roles.js',
      '../db/client.js',
      '../http/problem.js',
    ],
    allowed: ['./errors.js', '../contract/errors.js'],
  },
  {
    layer: 'repositories import no layer that calls them',
    file: 'src/features/payments/x.repository.ts',
    refused: [
      '../platform/job-queue.service.js',
      './payments.service.js',
      '../platform/service-context.js',
      '../../http/problem.js',
      '../../reports/format.js',
    ],
    allowed: [
      '../../db/client.js',
      '../../domain/payments/invoice.js',
      '../../contract/stages.js',
      '../platform/audit.repository.js',
      '../reports/reports.repository.js',
    ],
  },
  {
    layer: 'the database client imports no layer that calls it',
    file: 'src/db/x.ts',
    refused: ['../features/payments/payments.repository.js', '../http/problem.js'],
    allowed: ['./client.js', '../lib/errors.js'],
  },
  {
    layer: 'the HTTP layer reaches reports, integrations and the worker only through services',
    file: 'src/http/routes/v1/x.ts',
    refused: [
      '../../../reports/render.js',
      '../../../integrations/mail/index.js',
      '../../../jobs/worker.js',
      '../../../features/reports/reports.repository.js',
    ],
    allowed: ['../../../features/reports/report-download.service.js'],
  },
];

for (const { layer, file, refused: refusedImports, allowed } of LAYERS) {
  test(layer, async () => {
    for (const from of refusedImports) assert.ok(await refused(file, from), `${file} may not import ${from}`);
    for (const from of allowed) assert.ok(!(await refused(file, from)), `${file} may import ${from}`);
  });
}

test('no file is over 400 lines; the generated client types are not linted', async () => {
  const maxLines = async (filePath: string, lines: number) => {
    const [result] = await eslint.lintText(`${'export const a = 1;\n'.repeat(lines)}`, { filePath });
    return result.messages.filter((m) => m.ruleId === 'max-lines').length;
  };
  assert.equal(await maxLines('src/features/engagements/x.service.ts', 401), 1);
  assert.equal(await maxLines('web/src/pages/X.tsx', 401), 1);
  assert.equal(await maxLines('scripts/x.ts', 401), 1);
  assert.equal(await maxLines('src/features/engagements/x.service.ts', 400), 0);
  assert.ok(await eslint.isPathIgnored('web/src/api/schema.d.ts'));
});

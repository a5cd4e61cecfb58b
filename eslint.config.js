// ESLint (typescript-eslint, flat config): typescript-eslint's recommended rules, and the import
// boundaries that keep the architecture honest (docs/architecture.md): the domain core imports only the domain
// and the shared contract; the HTTP layer never reaches the database (it goes through services); the
// contract imports nothing of the server; the console imports only itself, the contract and npm packages;
// services run no SQL themselves (every query is a repository function).
// typescript-eslint over Biome: its no-restricted-imports takes per-folder gitignore patterns with
// exceptions, which is exactly what the boundaries need.
import tseslint from 'typescript-eslint';

const restrict = (message, group) => ({ 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] });
const restrictRegex = (message, regex) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });

export default tseslint.config(
  { ignores: ['node_modules/**', 'web/dist/**', 'dist/**', 'data/**', 'web/src/api/schema.d.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // Unused arguments are part of signatures (handlers, callbacks); a leading _ marks the deliberate ones.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Fixtures and worked examples are read as untyped JSON and indexed freely.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: restrict('The domain core is pure: it imports only src/domain and src/contract (no HTTP, database, services, jobs, integrations, reports or lib).', [
      '**/http/**', '**/db/**', '**/services/**', '**/jobs/**', '**/integrations/**', '**/reports/**', '**/lib/**',
      'fastify', 'fastify/**', 'pg', '@electric-sql/pglite', 'pino', 'node:fs', 'node:http', 'node:https', 'node:net',
    ]),
  },
  {
    files: ['src/http/**/*.ts'],
    rules: restrict('The HTTP layer never imports the database: call a service (route → service → repository).', ['**/db/**', 'pg', '@electric-sql/pglite']),
  },
  {
    files: ['src/services/**/*.ts'],
    rules: {
      ...restrict('Services never import the worker: the worker calls services (a service that runs as a job receives a JobAttempt from src/services/jobs.ts).', ['**/jobs/**']),
      // SQL lives in src/db/repositories only: a service asks a repository function, which names the question.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
          message: 'Services run no SQL: put the query in a repository function under src/db/repositories and call that.',
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: restrictRegex('src/contract is shared with the console: it imports only itself and zod.', '^\\.\\./'),
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    // Any relative path that climbs out of web/ into src/ other than src/contract/.
    rules: restrictRegex('The console imports only web/, the shared src/contract and the generated client, never server code.', '^(\\.\\./)+src/(?!contract/)'),
  },
);

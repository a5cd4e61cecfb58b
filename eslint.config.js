// ESLint (typescript-eslint, flat config): typescript-eslint's recommended rules, no file over 400 lines, and
// the import boundaries that keep the architecture honest, one rule per layer (docs/architecture.md, Layers
// and the one rule). The server is grouped by feature (src/features/<feature>/: its *.service.ts files and its
// *.repository.ts files): the domain core imports only the domain and the shared contract; the HTTP layer never
// reaches the database, a repository, the worker, the reports or the integrations (it calls services); services
// never import the worker and run no SQL themselves (every query is a repository function); repositories import
// no service and no layer above them; reports and integrations import the domain, the contract and lib, never
// features, the database or HTTP; the worker reaches services, never HTTP, the domain, reports or integrations;
// lib imports only lib and the contract; the contract imports nothing of the server; the console imports only
// itself, the contract and npm packages.
// typescript-eslint over Biome: its no-restricted-imports takes per-folder gitignore patterns with
// exceptions, which is exactly what the boundaries need.
import tseslint from 'typescript-eslint';

const restrict = (message, group) => ({ 'no-restricted-imports': ['error', { patterns: [{ group, message }] }] });
const restrictRegex = (message, regex) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });
/**
 * A layer's rule: the top-level folders of src it may not import (matched on the first folder a relative import
 * names after climbing, so src/reports is refused and src/services/reports is not) and the packages it may not.
 */
const layer = (message, folders, packages = []) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { regex: `^(\\.\\./)+(${folders.join('|')})(/|\\.js$|$)`, message },
        ...(packages.length ? [{ group: packages, message }] : []),
      ],
    },
  ],
});
/** Packages that reach the database or answer HTTP: only src/db and src/http (and the entry points) import them. */
const HTTP_MESSAGE =
  'The HTTP layer never imports the database, a repository, the worker, reports or integrations: call a service (route → service → repository).';
const REPOSITORY_MESSAGE =
  'Repositories are the bottom of the server: they import the database client, the domain, the contract, lib and other repositories, never a service, HTTP, the worker, reports or integrations.';
const SERVER_PACKAGES = ['pg', '@electric-sql/pglite', 'fastify', 'fastify/**'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'web/dist/**', 'dist/**', 'data/**', 'web/src/api/schema.d.ts'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    // A file past 400 lines holds more than one idea: split it by what each part is for. Blank lines and
    // comments count (a file is read whole). Generated files are ignored above.
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      // Unused arguments are part of signatures (handlers, callbacks); a leading _ marks the deliberate ones.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    // Fixtures and worked examples are read as untyped JSON and indexed freely.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: restrict(
      'The domain core is pure: it imports only src/domain and src/contract (no HTTP, database, features, jobs, integrations, reports or lib).',
      [
        '**/http/**',
        '**/db/**',
        '**/features/**',
        '**/jobs/**',
        '**/integrations/**',
        '**/reports/**',
        '**/lib/**',
        'fastify',
        'fastify/**',
        'pg',
        '@electric-sql/pglite',
        'pino',
        'node:fs',
        'node:http',
        'node:https',
        'node:net',
      ],
    ),
  },
  {
    files: ['src/http/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(db|jobs|reports|integrations)(/|\\.js$|$)',
              message: HTTP_MESSAGE,
            },
            { regex: '\\.repository(\\.js)?$', message: HTTP_MESSAGE },
            { group: ['pg', '@electric-sql/pglite'], message: HTTP_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    // A feature's services (and its context): everything in src/features that is not a repository.
    files: ['src/features/**/*.ts'],
    ignores: ['src/features/**/*.repository.ts'],
    rules: {
      ...restrictRegex(
        'Services never import the worker: the worker calls services (a service that runs as a job receives a JobAttempt from src/features/platform/job-queue.service.ts).',
        '^\\.\\./\\.\\./jobs(/|$)',
      ),
      // SQL lives in repositories only: a service asks a repository function, which names the question.
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='query']",
          message:
            'Services run no SQL: put the query in a repository function (a *.repository.ts file of the feature) and call that.',
        },
      ],
    },
  },
  {
    files: ['src/features/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./\\.\\./(http|jobs|reports|integrations)(/|$)', message: REPOSITORY_MESSAGE },
            { regex: '\\.service(\\.js)?$|/service-context(\\.js)?$', message: REPOSITORY_MESSAGE },
          ],
        },
      ],
    },
  },
  {
    files: ['src/db/**/*.ts'],
    rules: layer('src/db is the database client and its migrations: it imports no layer that calls it.', [
      'http',
      'features',
      'jobs',
      'reports',
      'integrations',
    ]),
  },
  {
    files: ['src/reports/**/*.ts'],
    rules: layer(
      'Reports render what they are handed: they import the domain, the contract and lib, never services, the database, HTTP, the worker or integrations.',
      ['http', 'db', 'features', 'jobs', 'integrations'],
      SERVER_PACKAGES,
    ),
  },
  {
    files: ['src/integrations/**/*.ts'],
    rules: layer(
      'Integrations talk to the world outside: they import the domain, the contract, lib and the config, never services, the database, HTTP, the worker or reports.',
      ['http', 'db', 'features', 'jobs', 'reports'],
      SERVER_PACKAGES,
    ),
  },
  {
    files: ['src/jobs/**/*.ts'],
    rules: layer(
      'The worker runs job kinds through services: never HTTP, the domain, reports or integrations directly.',
      ['http', 'domain', 'reports', 'integrations'],
      ['fastify', 'fastify/**'],
    ),
  },
  {
    files: ['src/lib/**/*.ts'],
    // Any relative import that climbs out of src/lib into a folder other than src/contract.
    rules: restrictRegex(
      'src/lib is the toolbox every layer uses: it imports only src/lib, the contract and npm packages.',
      '^\\.\\./(?!contract/)',
    ),
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: restrictRegex('src/contract is shared with the console: it imports only itself and zod.', '^\\.\\./'),
  },
  {
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    // Any relative path that climbs out of web/ into src/ other than src/contract/.
    rules: restrictRegex(
      'The console imports only web/, the shared src/contract and the generated client, never server code.',
      '^(\\.\\./)+src/(?!contract/)',
    ),
  },
);

import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/*
 * Import boundaries, judged on the file an import resolves to (relative path, @server/@client/
 * @shared alias, type-only or lazy import() alike), not on how its specifier is spelled
 * (docs/architecture.md, ADR 039). Each rule is proved by a fixture it must refuse in
 * tests/lint/import-boundaries.test.ts.
 */
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

const crossFeature =
  'Features do not import each other: what two features need moves to a lower layer (server: domain/, infra/, a decorator of plugins/services.ts; client: components/, lib/), and routes/ composes them.';
// A feature may import anything of its own folder (pos/quotes and pos/invoices are one feature)
// and nothing of another's.
const featureZones = (side) =>
  folders(`src/${side}/features`).map((feature) => ({
    target: `src/${side}/features/${feature}`,
    from: `src/${side}/features`,
    except: [`./${feature}`],
    message: crossFeature,
  }));

const boundaries = [
  {
    target: 'src/shared',
    from: ['src/client', 'src/server'],
    message: 'src/shared imports neither the client nor the server.',
  },
  { target: 'src/server', from: 'src/client', message: 'The server never imports client code.' },
  { target: 'src/client', from: 'src/server', message: 'The client never imports server code.' },

  // The server's layers, lowest first: db/ (schema, migrations, the types of a handle), infra/
  // (infrastructure, no product rules), domain/ (rules several features share), features/, then
  // what composes them (plugins/, routes.ts, app.ts, server.ts) and the demo data (seed/).
  {
    target: 'src/server/db',
    from: 'src/server',
    except: ['./db'],
    message:
      'db/ is the lowest layer: it imports nothing else of the server (opening a database is infra/database.ts, demo data is seed/).',
  },
  {
    target: 'src/server/infra',
    from: ['src/server/domain', 'src/server/features', 'src/server/plugins'],
    message:
      'infra/ holds infrastructure without product rules: it imports nothing from domain/, features/ or plugins/.',
  },
  {
    target: 'src/server/domain',
    from: ['src/server/features', 'src/server/plugins'],
    message:
      'domain/ holds rules several features share: it imports nothing from features/ or plugins/ (they hand it what it needs).',
  },
  {
    // A feature's tests may build what the composition root builds (a plugin's factory, the
    // access plugin's list of token routes) to drive the feature as the app does.
    target: 'src/server/features/**/!(*.test).ts',
    from: 'src/server/plugins',
    message:
      'A feature imports no plugin: the composition root (app.ts, plugins/) hands it what it needs through app.',
  },
  {
    target: 'src/server/seed',
    from: ['src/server/features', 'src/server/plugins'],
    message:
      'The demo data writes through db/, domain/ and infra/ as a feature would; it imports no feature and no plugin.',
  },
  {
    // Tests may start from the demo data.
    target: 'src/server/{infra,domain,features,plugins}/**/!(*.test).ts',
    from: 'src/server/seed',
    message: 'Only server.ts (demo mode), scripts and tests load the demo data (seed/).',
  },
  ...featureZones('server'),

  // The client imports downwards: app/ (the shell) → routes/ → features/ → components/, lib/.
  {
    target: ['src/client/routes', 'src/client/features', 'src/client/components', 'src/client/lib'],
    from: 'src/client/app',
    message:
      'Screens, features, components and lib never import app/ (the shell): move what they need into features/ or components/.',
  },
  {
    target: ['src/client/features', 'src/client/components', 'src/client/lib'],
    from: 'src/client/routes',
    message:
      'A screen is composed by app/ only: move what others need into features/ or components/.',
  },
  {
    target: ['src/client/components', 'src/client/lib'],
    from: 'src/client/features',
    message:
      'components/ and lib/ are feature-free: a screen in routes/ composes features with them.',
  },
  ...featureZones('client'),
];

// The server imports shared code as the client does, by its alias, not by climbing folders:
// a rule on the specifier's spelling, not on where it leads.
const sharedByAlias = {
  regex: String.raw`^(\.\./)+shared(/|$)`,
  message: 'Import shared code as @shared/… (as the client does), not by a relative path.',
};

const sqlOnlyInQueries =
  'Only *.queries.ts builds SQL (in a feature or in domain/): call a query function (a service may pass it a tx).';

// A date or time formatted without a zone reads the server's own (UTC in production, anything
// on a laptop): every format names one, the service area's (SERVICE_TIME_ZONE in
// src/shared/service-time.ts) or 'UTC' for a bare calendar date.
const zoneMessage =
  "Give every date or time format a timeZone: SERVICE_TIME_ZONE (src/shared/service-time.ts), or 'UTC' for a calendar date.";
const zonelessFormatting = [
  {
    selector:
      'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]:not(:has(Property[key.name="timeZone"]))',
    message: zoneMessage,
  },
  {
    selector:
      'NewExpression[callee.object.name="Intl"][callee.property.name="DateTimeFormat"]:not(:has(Property[key.name="timeZone"]))',
    message: zoneMessage,
  },
];

// A database handle: drizzle's database or transaction, node-postgres' pool or connection, PGlite.
const handle = String.raw`/^(db|tx|pool|client|pglite)$/`;
const statementCall = String.raw`/^(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query|exec)$/`;
// A statement written as text: the COPY handed to pg-copy-streams, or any query string. Its
// keywords in lower or upper case, as SQL is written here (prose says "Select a plan from ...").
const kw = (words) =>
  words
    .split(' ')
    .map((w) => `(${w}|${w.toUpperCase()})`)
    .join(String.raw`\s+`);
const statementText = `/${[
  // COPY users TO STDOUT, COPY (select ...) TO ..., `COPY ${table} FROM STDIN`
  String.raw`^\s*${kw('copy')}\s+(\(|$|[\w."]+(\s*\([^)]*\))?\s+(${kw('from')}|${kw('to')})\s)`,
  String.raw`^\s*${kw('select')}\s[\s\S]*\s${kw('from')}\s`,
  String.raw`^\s*${kw('insert into')}\s`,
  String.raw`^\s*${kw('update')}\s+[\w."]+\s+${kw('set')}\s`,
  String.raw`^\s*${kw('delete from')}\s`,
  String.raw`^\s*(${kw('truncate')}|${kw('lock table')}|${kw('alter table')}|${kw('create table')}|${kw('drop table')})\s`,
].join('|')}/`;
const queryBuilderCalls = [
  // db.select(), tx.execute(), pool.query(), client.query(copyTo(...)), pglite.exec()
  `CallExpression[callee.property.name=${statementCall}][callee.object.name=${handle}]`,
  // app.db.insert(), database.pool.query()
  `CallExpression[callee.property.name=${statementCall}][callee.object.property.name=${handle}]`,
  // drizzle's relational queries and common table expressions: db.query.users.findMany()
  String.raw`MemberExpression[object.name=/^(db|tx)$/][property.name=/^(query|with|\$with|\$count)$/]`,
  String.raw`MemberExpression[object.property.name='db'][property.name=/^(query|with|\$with|\$count)$/]`,
  `Literal[value=${statementText}]`,
  `TemplateElement[value.raw=${statementText}]`,
].map((selector) => ({ selector, message: sqlOnlyInQueries }));

// The packages that build or send SQL; their types stay importable everywhere.
const sqlPackages = [
  'drizzle-orm',
  'drizzle-orm/pg-core',
  'drizzle-orm/sql',
  'drizzle-orm/node-postgres',
  'drizzle-orm/pglite',
  'pg',
  'pg-copy-streams',
  '@electric-sql/pglite',
].map((name) => ({ name, message: sqlOnlyInQueries, allowTypeImports: true }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Dates and times are shown on the service area's clock, formatted in one place.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/], NewExpression[callee.object.name="Intl"][callee.property.name="DateTimeFormat"]',
          message: 'Format dates, times and counts with src/client/lib/dates.ts.',
        },
      ],
    },
  },
  {
    files: ['src/client/lib/dates.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The files the import rules read to follow a module's own imports (no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      // No module reaches itself through its imports (lazy import()s count): a circle makes
      // the load order decide what a module sees. Type-only imports are erased, so they cannot.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedByAlias] }] },
  },
  {
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['**/*.test.ts', 'src/shared/service-time.ts'],
    rules: { 'no-restricted-syntax': ['error', ...zonelessFormatting] },
  },
  {
    // Only *.queries.ts builds SQL, in a feature and in domain/ (docs/architecture.md): other
    // files there may name the schema's types, but not import its tables or drizzle's query
    // helpers, nor call the query builder on a database or transaction handle
    // (db.transaction(...) stays allowed).
    files: ['src/server/features/**/*.ts', 'src/server/domain/**/*.ts'],
    ignores: ['**/*.queries.ts', '**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: sqlPackages,
          patterns: [
            {
              regex: String.raw`(^|/)db/schema(/|$)`,
              message: sqlOnlyInQueries,
              allowTypeImports: true,
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...queryBuilderCalls, ...zonelessFormatting],
    },
  },
  {
    // Routes call their service; the service holds the database and calls the queries.
    files: ['src/server/features/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...queryBuilderCalls,
        ...zonelessFormatting,
        {
          selector: "MemberExpression[object.name='app'][property.name='db']",
          message: 'A route calls its service, which holds the database (app.db).',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', '*.config.{ts,js}'],
    rules: { 'no-console': 'off' },
  },
  {
    // Vitest runs test files without isolation (vitest.config.ts): what one file mocks or sets
    // in the environment would leak into the next file in the same worker. Component tests
    // (`*.dom.test.tsx`) each run alone, and stub fetch (given back after each test).
    files: ['**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubEnv', 'stubGlobal', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message: 'Test files share modules (isolate: false): pass a dependency instead.',
        })),
      ],
    },
  },
);

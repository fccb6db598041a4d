import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Sibling-feature imports ("../other-feature/...") and alias imports of another side.
// The server imports shared code as the client does, by its alias, not by climbing folders.
const sharedByAlias = {
  regex: String.raw`^(\.\./)+shared(/|$)`,
  message: 'Import shared code as @shared/… (as the client does), not by a relative path.',
};
// From a feature's own folder, `../<other>/` is another feature; from one of its sub-folders
// (pos/quotes, billing/history) `../<part>/` is the same feature and `../../<other>/` is not.
const crossFeatureMessage =
  'Features do not import each other: compose them in app/ or through a service.';
const crossFeature = { regex: String.raw`^\.\./(?!\.)[^/]+/`, message: crossFeatureMessage };
const crossFeatureFromPart = {
  regex: String.raw`^\.\./\.\./(?!\.)[^/]+/`,
  message: crossFeatureMessage,
};
const noClient = {
  regex: String.raw`(^@client(/|$))|(^(\.\./)+client/)`,
  message: 'The server never imports client code.',
};

// Layers of the server, lowest first: infra/ (infrastructure, no product rules), domain/ (product
// rules several features share), features/, then plugins/ and app/ that compose them. A layer
// imports only from the layers below it (relative paths or the @server alias).
const serverLayer = (layers) => String.raw`(^@server/(${layers})(/|$))|(^(\.\./)+(${layers})(/|$))`;
const infraImportsNoLayerAbove = {
  regex: serverLayer('domain|features|plugins'),
  message:
    'infra/ holds infrastructure without product rules: it imports nothing from domain/, features/ or plugins/.',
};
const domainImportsNoLayerAbove = {
  regex: serverLayer('features|plugins'),
  message:
    'domain/ holds rules several features share: it imports nothing from features/ or plugins/ (they hand it what it needs).',
};
const featuresImportNoPlugin = {
  regex: serverLayer('plugins'),
  message:
    'A feature imports no plugin: the composition root (app.ts, plugins/) hands it what it needs through app.',
};

const clientNotServer = {
  regex: String.raw`(^@server(/|$))|(^(\.\./)+server/)`,
  message: 'The client never imports server code.',
};
const notFromApp = {
  regex: String.raw`(^@client/app(/|$))|(^(\.\./)+app(/|$))`,
  message:
    'Screens, features, components and lib never import app/ (the shell): move what they need into features/ or components/.',
};

const sqlOnlyInQueries =
  'Only *.queries.ts builds SQL (in a feature or in domain/): call a query function (a service may pass it a tx).';

const queryBuilderCalls = [
  String.raw`CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][callee.object.name=/^(db|tx)$/]`,
  String.raw`CallExpression[callee.property.name=/^(select|selectDistinct|insert|update|delete|execute)$/][callee.object.property.name='db']`,
].map((selector) => ({ selector, message: sqlOnlyInQueries }));

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
      'no-restricted-imports': ['error', { patterns: [clientNotServer] }],
    },
  },
  {
    // app/ (the shell: router, layout, header, providers) composes the rest; nothing below it
    // reaches back into it.
    files: ['src/client/{routes,components,lib}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [clientNotServer, notFromApp] }],
    },
  },
  {
    files: ['src/client/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            clientNotServer,
            notFromApp,
            {
              regex: String.raw`^@client/features/`,
              message: 'Features do not import each other: compose them in app/ or routes/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noClient, sharedByAlias],
        },
      ],
    },
  },
  {
    files: ['src/server/infra/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noClient, sharedByAlias, infraImportsNoLayerAbove] },
      ],
    },
  },
  {
    files: ['src/server/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noClient, sharedByAlias, domainImportsNoLayerAbove] },
      ],
    },
  },
  {
    files: ['src/server/features/*/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noClient, sharedByAlias, crossFeature, featuresImportNoPlugin] },
      ],
    },
  },
  {
    files: ['src/server/features/*/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noClient, sharedByAlias, crossFeatureFromPart, featuresImportNoPlugin] },
      ],
    },
  },
  {
    // A feature's tests may build what the composition root builds (a plugin's factory, the
    // access plugin's list of token routes) to drive the feature as the app does.
    files: ['src/server/features/*/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noClient, sharedByAlias, crossFeature] }],
    },
  },
  {
    files: ['src/server/features/*/*/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noClient, sharedByAlias, crossFeatureFromPart] },
      ],
    },
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
          paths: [
            { name: 'drizzle-orm', message: sqlOnlyInQueries, allowTypeImports: true },
            { name: 'drizzle-orm/pg-core', message: sqlOnlyInQueries, allowTypeImports: true },
          ],
          patterns: [
            {
              regex: String.raw`(^|/)db/schema(/|$)`,
              message: sqlOnlyInQueries,
              allowTypeImports: true,
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...queryBuilderCalls],
    },
  },
  {
    // Routes call their service; the service holds the database and calls the queries.
    files: ['src/server/features/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...queryBuilderCalls,
        {
          selector: "MemberExpression[object.name='app'][property.name='db']",
          message: 'A route calls its service, which holds the database (app.db).',
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(^@(client|server)(/|$))|(^(\.\./)+(client|server)/)`,
              message: 'src/shared imports neither the client nor the server.',
            },
          ],
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
    // in the environment would leak into the next file in the same worker.
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

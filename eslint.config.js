// ESLint: TypeScript rules plus the layer boundaries of docs/ARCHITECTURE.md.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'data/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // packages/shared: only zod; no React, Fastify, Drizzle or app code.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['react', 'react-*', '@mui/*', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'], message: 'packages/shared depends on zod only.' },
        { group: ['**/apps/**', '@timbro/server', '@timbro/web'], message: 'shared must not import the apps.' },
      ] }],
    },
  },
  {
    // Routes speak HTTP only: no database access (services and repositories do that).
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', '**/db/schema', '**/db/schema/*', '**/*.repository'], message: 'Routes call services; only repositories touch the database.' },
      ] }],
    },
  },
  {
    // Modules talk through services: a module never imports another module's repository (its own, `./x.repository`,
    // is fine). What another module needs is exported by the owning module's service.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [
        { group: ['../*/*.repository'], message: 'Modules talk through services: import what you need from the other module’s service.' },
      ] }],
    },
  },
  {
    // Tenancy that cannot be forgotten: inserts into tenant tables go through insertInScope (db/scope.ts), which takes
    // the workspace from the scope; no module writes workspaceId into a row by hand, nor moves a row to another one.
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/lib/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name='values'] Property[key.name='workspaceId']", message: 'Insert into a tenant table with insertInScope(q, scope, table, values): the workspace comes from the scope.' },
        { selector: "CallExpression[callee.property.name='set'] Property[key.name='workspaceId']", message: 'A row never moves to another workspace.' },
      ],
    },
  },
  {
    // Plugins and lib are below the modules: they never import a module.
    files: ['apps/server/src/plugins/**/*.ts', 'apps/server/src/lib/**/*.ts', 'apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/modules/**'], message: 'plugins/, lib/ and db/ must not import modules/.' }] }],
    },
  },
  {
    // The web app never imports server code or database libraries; icons by path; shared values from their
    // module (the package root re-exports every zod schema, too heavy for the browser), types from anywhere.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [
          { name: '@mui/icons-material', message: 'Import icons by path (@mui/icons-material/Add), never from the barrel.' },
          { name: '@timbro/shared', allowTypeImports: true, message: 'Import values from @timbro/shared/<module> (constants, roles, error-codes, validators/…).' },
          { name: 'zod', message: 'Web forms use zod/mini (smaller bundle).' },
        ],
        patterns: [
          { group: ['**/apps/server/**', '@timbro/server', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*', 'fastify'], message: 'The web app talks to the API; it never imports server code.' },
        ],
      }],
    },
  },
);

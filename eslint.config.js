// ESLint: TypeScript rules plus the layer boundaries of docs/ARCHITECTURE.md.
import fs from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { MODULE_LAYERS } from './eslint-rules/module-layers.js';
import fileSize from './eslint-rules/file-size.js';
import ownedTables from './eslint-rules/owned-tables.js';

/**
 * import-x must parse the TypeScript files an import leads to, or no-cycle sees no edge: the TypeScript settings of
 * import-x (extensions, parser) with the Node resolver.
 */
const IMPORT_X_SETTINGS = {
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
};

/** The web features (apps/web/src/features/<f>): each may import only itself, components/, lib/, config/ and i18n/. */
const WEB_FEATURES = fs
  .readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const SERVER_MODULES = MODULE_LAYERS.flatMap((l) => l.modules);
const moduleDir = (m) => `./apps/server/src/modules/${m}`;

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'apps/server/src/db/migrations/**',
      'test-results/**',
      'data/**',
      'bench/_*',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // packages/shared: only zod; no React, Fastify, Drizzle or app code.
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                '@mui/*',
                'fastify',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                '@electric-sql/*',
              ],
              message: 'packages/shared depends on zod only.',
            },
            { group: ['**/apps/**', '@timbro/server', '@timbro/web'], message: 'shared must not import the apps.' },
          ],
        },
      ],
    },
  },
  {
    // Routes speak HTTP only: no database access (services and repositories do that).
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                '@electric-sql/*',
                '**/db/schema',
                '**/db/schema/*',
                '**/*.repository',
              ],
              message: 'Routes call services; only repositories touch the database.',
            },
          ],
        },
      ],
    },
  },
  {
    // One shape per module (routes → service → repository): SQL lives in repositories only. Everything else in a module
    // (services, policies, presenters, rules, mails) imports no query builder, no schema table and no scope filter.
    // Modules talk through public faces: a module never imports a file of another module (ADR 0029's zones below);
    // inside a module, sub-slices (work-shifts/shifts/, swaps/, feed/) may import each other's repositories.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.routes.ts', 'apps/server/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/scope'],
              importNames: [
                'inScope',
                'insertInScope',
                'tenantRepository',
                'joinInScope',
                'existsInScope',
                'inEnabledWorkspace',
              ],
              message: 'SQL lives in repositories: move the query to this module’s repository.',
            },
            {
              group: ['**/db/employee-files', '**/db/payroll-codes'],
              importNames: ['employeeFileRepository', 'personMatches', 'byPerson', 'payrollCodeRepository'],
              message: 'SQL lives in repositories: move the query to this module’s repository.',
            },
            {
              group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema', '**/db/schema/*', 'pg', '@electric-sql/*'],
              message:
                'SQL lives in repositories: move the query to this module’s repository (services import no query builder and no table).',
            },
          ],
        },
      ],
    },
  },
  {
    // A module writes only the tables it owns (eslint-rules/owned-tables.js); what another module owns, its service
    // writes. Two modules share a table only where the table is theirs together, as said beside it.
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { timbro: { rules: { 'owned-tables': ownedTables } } },
    rules: {
      'timbro/owned-tables': [
        'error',
        {
          owners: {
            // The account: signing in (auth) and the person's own profile (profile) are the two sides of one account.
            users: ['auth', 'profile'],
            authSessions: ['auth', 'profile'],
            refreshTokens: ['auth', 'profile'],
            oneTimeTokens: ['auth', 'profile'],
            loginFailures: ['auth'],
            // The company's own details (workspaces) and its life on the platform: created, disabled, enabled (platform).
            workspaces: ['workspaces', 'platform'],
            // A workspace's record of a person: the company's side (users) and the person's answer to an invitation (invitations).
            userInfos: ['users', 'invitations'],
            groups: ['groups'],
            groupMembers: ['groups'],
            justifications: ['justifications'],
            justificationGroups: ['justifications'],
            contracts: ['contracts'],
            contractTimeSlots: ['contracts'],
            contractAccruals: ['contracts'],
            templateDays: ['templates'],
            templateDaySlots: ['templates'],
            templateWeeks: ['templates'],
            templateWeekDays: ['templates'],
            holidays: ['holidays'],
            punches: ['attendance'],
            justificationRequests: ['attendance'],
            accrualEntries: ['accruals'],
            payrollSettings: ['payroll-settings'],
            payrollExports: ['payroll-exports'],
            monthLogs: ['month-logs'],
            monthLogSheets: ['month-logs'],
            monthLogLines: ['month-logs'],
            monthChanges: ['month-logs'],
            files: ['files'],
            fileDeletions: ['files'],
            fileOpens: ['files'],
            paychecks: ['paychecks'],
            paycheckImports: ['paychecks'],
            documents: ['documents'],
            documentSettings: ['documents'],
            documentReminders: ['documents'],
            // The dispatcher writes every notification; opening an announcement marks its own through the service.
            notifications: ['notifications'],
            notificationSettings: ['notifications'],
            notificationDefaults: ['notifications'],
            announcements: ['announcements'],
            announcementAttachments: ['announcements'],
            announcementRecipients: ['announcements'],
            workShifts: ['work-shifts'],
            workShiftAssignees: ['work-shifts'],
            shiftSwaps: ['work-shifts'],
            shiftCalendarFeeds: ['work-shifts'],
          },
        },
      ],
    },
  },
  {
    // Tenancy that cannot be forgotten: inserts into tenant tables go through insertInScope (db/scope.ts), which takes
    // the workspace from the scope; no module writes workspaceId into a row by hand, nor moves a row to another one.
    // Messages: every user-visible text comes from the shared catalogue (apiMsg, msg, peopleMsg, attMsg, wtMsg…), never
    // a literal in an AppError, an error helper or a `{ message }` answer; a notification's title and body come from
    // its event's builder in `<module>.mails.ts` (spread into notify), never a literal or template in the call.
    files: [
      'apps/server/src/modules/**/*.ts',
      'apps/server/src/lib/**/*.ts',
      'apps/server/src/plugins/**/*.ts',
      'apps/server/src/app.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='values'] Property[key.name='workspaceId']",
          message:
            'Insert into a tenant table with insertInScope(q, scope, table, values): the workspace comes from the scope.',
        },
        {
          selector: "CallExpression[callee.property.name='set'] Property[key.name='workspaceId']",
          message: 'A row never moves to another workspace.',
        },
        {
          selector:
            "NewExpression[callee.name='AppError'] > Literal[value=/\\s/], NewExpression[callee.name='AppError'] > TemplateLiteral",
          message: 'User-visible texts come from the shared catalogue (apiMsg and the schema messages), not literals.',
        },
        {
          selector:
            'CallExpression[callee.name=/^(notFound|conflict|validation|forbidden|fileError)$/] > :matches(Literal, TemplateLiteral)',
          message: 'User-visible texts come from the shared catalogue (apiMsg and the schema messages), not literals.',
        },
        {
          selector:
            "Property[key.name='message'] > Literal[value=/\\s/], Property[key.name='message'] > TemplateLiteral",
          message: 'User-visible texts come from the shared catalogue (apiMsg and the schema messages), not literals.',
        },
        {
          selector:
            'CallExpression:matches([callee.name=/^notify(Account)?$/], [callee.property.name=/^notify(Account)?$/]) > ObjectExpression > Property[key.name=/^(title|body)$/] :matches(Literal[value=/[A-Za-z]/], TemplateLiteral)',
          message:
            "User-visible texts come from the catalogue: a notification's title and body come from its event's builder in <module>.mails.ts (spread into notify), not literals.",
        },
      ],
    },
  },
  {
    // No import cycles in the server and the shared package either (a cycle makes module load order matter).
    files: ['apps/server/src/**/*.ts', 'packages/shared/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Files over 300 lines say why in their header, or are split (issue 31): a warning, listed by every lint run.
    files: ['apps/server/src/**/*.{ts,mjs}', 'apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/testing/**', '**/__fixtures__/**', '**/*.d.ts'],
    plugins: { house: { rules: { 'file-size': fileSize } } },
    rules: { 'house/file-size': ['warn', { max: 300 }] },
  },
  {
    // Server modules in layers, each with one public face (ADR 0029): another module is imported through its index.ts
    // only, never a file inside it (a repository never leaves its module); and never from a layer above.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: MODULE_LAYERS.flatMap((layer, rank) =>
            layer.modules.flatMap((m) => [
              ...(rank + 1 < MODULE_LAYERS.length
                ? [
                    {
                      target: moduleDir(m),
                      from: MODULE_LAYERS.slice(rank + 1).flatMap((l) => l.modules.map(moduleDir)),
                      message: `${m} is in the layer "${layer.name}": it never imports a module of a layer above (ADR 0029). Tell it through notify or a port in AppDeps.`,
                    },
                  ]
                : []),
              {
                target: moduleDir(m),
                from: './apps/server/src/modules',
                except: [`./${m}`, ...SERVER_MODULES.filter((o) => o !== m).map((o) => `./${o}/index.ts`)],
                message: `Another module is imported through its public face only: '../<module>' (its index.ts), never a file inside it (ADR 0029).`,
              },
            ]),
          ),
        },
      ],
    },
  },
  {
    // Plugins and lib are below the modules: they never import a module.
    files: ['apps/server/src/plugins/**/*.ts', 'apps/server/src/lib/**/*.ts', 'apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'plugins/, lib/ and db/ must not import modules/.' }] },
      ],
    },
  },
  {
    // The web app never imports server code or database libraries; icons by path; shared values from their
    // module (the package root re-exports every zod schema, too heavy for the browser), types from anywhere.
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mui/icons-material',
              message: 'Import icons by path (@mui/icons-material/Add), never from the barrel.',
            },
            {
              name: '@timbro/shared',
              allowTypeImports: true,
              message: 'Import values from @timbro/shared/<module> (constants, roles, error-codes, validators/…).',
            },
            { name: 'zod', message: 'Web forms use zod/mini (smaller bundle).' },
          ],
          patterns: [
            {
              group: [
                '**/apps/server/**',
                '@timbro/server',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                '@electric-sql/*',
                'fastify',
              ],
              message: 'The web app talks to the API; it never imports server code.',
            },
            {
              // A schema module imports all of zod: a value from one, even in a lazy page, moved zod's JSON-schema
              // half into the login route's shared chunk (+16 KB gzip, over the budget). Mirror the value instead.
              group: ['@timbro/shared/schemas/*'],
              allowTypeImports: true,
              message:
                'Schema modules bring all of zod: import their types only, mirror values (see work-shifts/limits.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // React hooks: the rules of hooks and the React Compiler's checks (recommended set), and no import cycles in the web.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Features do not import each other: a piece two features need moves to components/ or lib/, or app/ composes them
    // (a route page, the dashboard's widget registry). components/, lib/ and the other layers below never import a
    // feature or app/; a feature never imports app/. Tests may compose features, like app/ does.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    plugins: { 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...WEB_FEATURES.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message:
                'Features do not import each other: move the shared piece to components/ or lib/, or compose the two in app/.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'app/ composes features; a feature never imports app/.',
            },
            {
              target: [
                './apps/web/src/lib',
                './apps/web/src/components',
                './apps/web/src/config',
                './apps/web/src/i18n',
                './apps/web/src/theme',
              ],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'components/ and lib/ are below the features: they never import a feature or app/.',
            },
          ],
        },
      ],
    },
  },
);

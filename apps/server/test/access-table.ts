import cookie from '@fastify/cookie';
import { API_BASE_PATH, PERMISSIONS, WORKSPACE_ROLES, type Permission, type WorkspaceRole } from '@timbro/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '../src/deps';
import { requestContext } from '../src/plugins/request-context';
import { expectError, useDemoContext, type Session, type TestContext } from './helpers';

/**
 * The access table of a module, table-driven (generalised from attendance.access.test.ts): every route of the module
 * with the workspace roles it grants, and the tests that follow from it:
 *
 * - the table lists exactly the routes the module declares, and each row grants what its permission grants in
 *   `PERMISSIONS` (packages/shared/src/roles.ts);
 * - 401 without a session;
 * - 403 for every role the route does not grant, before validation (a well-formed call and a malformed one);
 * - the granted roles get past the check (a harmless probe: a read, or a call that fails validation);
 * - another workspace's record, used from the own workspace by a granted role, is not found (404 with the Italian text).
 *
 * Use it inside a test file that has a context and one session per role:
 *
 *     describeAccessTable({ module: 'groups', ctx: () => ctx, sessions: () => ({ admin, accountant, member }),
 *       plugins: [groupRoutes], routes: [{ route: 'GET /admin/group', grants: ['admin', 'accountant'], call: () => ({ url: '/admin/group' }), probeStatus: 200 }, …] });
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type { WorkspaceRole };

export interface Call {
  url: string;
  body?: unknown;
  query?: Record<string, string | string[]>;
}

export interface AccessRoute {
  /** The route as declared (method and path without /api/v1). */
  route: `${Method} /${string}`;
  /** The workspace roles that get past the permission check. */
  grants: readonly WorkspaceRole[];
  /** A well-formed call on a real record of the own workspace: what the refused roles and the anonymous caller send. */
  call: () => Call;
  /** A harmless call for the granted roles (a read, or a body/parameter that fails validation); `call` when omitted. */
  probe?: () => Call;
  /** The answer to the probe: 200 for a read, 400 (VALIDATION_FAILED) for a malformed call. */
  probeStatus: 200 | 400;
  /** The same call on the other workspace's record, made by a granted role: 404 with this message. */
  foreign?: { as: WorkspaceRole; call: () => Call; message: string };
}

export interface AccessTable {
  /** The module's name, in the test titles ("every groups route"). */
  module: string;
  routes: AccessRoute[];
  ctx: () => TestContext;
  /** One session per workspace role, each holding only that role in the workspace. */
  sessions: () => Record<WorkspaceRole, Session>;
  /** The workspace the sessions work in (Demo unless told). */
  workspace?: () => string;
  /** The module's route plugins: with them, the table must list exactly the routes they declare. */
  plugins?: ((deps: AppDeps) => FastifyPluginAsyncZod)[];
  /** How many routes the module declares (guards against an empty table and an empty module alike). */
  routeCount?: number;
}

/**
 * A collection's two routes: `GET <path>`, granted to `reads` (probed with the call itself), and `POST <path>` with
 * `body`, granted to `writes` (probed with an empty body).
 */
export function listAndCreateRoutes(
  path: `/${string}`,
  reads: readonly WorkspaceRole[],
  writes: readonly WorkspaceRole[],
  body: () => unknown,
): AccessRoute[] {
  return [
    { route: `GET ${path}`, grants: reads, call: () => ({ url: path }), probeStatus: 200 },
    {
      route: `POST ${path}`,
      grants: writes,
      call: () => ({ url: path, body: body() }),
      probe: () => ({ url: path, body: {} }),
      probeStatus: 400,
    },
  ];
}

/**
 * The five routes of a record that the admin writes and the admin and the labour consultant read: `GET` and `POST
 * <path>`, `GET`, `POST` and `DELETE <path>/:id`. The granted roles' probes are the list, the record, an empty body and
 * a malformed id; the other workspace's record (`foreignId`) is not found with `notFound` (read by the consultant,
 * written and deleted by the admin).
 */
export function adminRecordRoutes(o: {
  path: `/${string}`;
  body: () => unknown;
  id: () => string;
  foreignId: () => string;
  notFound: string;
}): AccessRoute[] {
  const read: WorkspaceRole[] = ['admin', 'accountant'];
  const write: WorkspaceRole[] = ['admin'];
  const record = () => `${o.path}/${o.id()}`;
  const foreign = () => `${o.path}/${o.foreignId()}`;
  return [
    ...listAndCreateRoutes(o.path, read, write, o.body),
    {
      route: `GET ${o.path}/:id`,
      grants: read,
      call: () => ({ url: record() }),
      probeStatus: 200,
      foreign: { as: 'accountant', call: () => ({ url: foreign() }), message: o.notFound },
    },
    {
      route: `POST ${o.path}/:id`,
      grants: write,
      call: () => ({ url: record(), body: o.body() }),
      probe: () => ({ url: record(), body: {} }),
      probeStatus: 400,
      foreign: { as: 'admin', call: () => ({ url: foreign(), body: o.body() }), message: o.notFound },
    },
    {
      route: `DELETE ${o.path}/:id`,
      grants: write,
      call: () => ({ url: record() }),
      probe: () => ({ url: `${o.path}/x` }),
      probeStatus: 400,
      foreign: { as: 'admin', call: () => ({ url: foreign() }), message: o.notFound },
    },
  ];
}

const methodOf = (r: AccessRoute) => r.route.split(' ')[0] as Method;

/** The roles a permission grants inside a workspace (`user`: everyone signed in). */
export function rolesGranted(permission: Permission | 'public'): WorkspaceRole[] {
  if (permission === 'public') return [...WORKSPACE_ROLES];
  const allowed = PERMISSIONS[permission] as readonly string[];
  return WORKSPACE_ROLES.filter((r) => allowed.includes(r) || allowed.includes('user'));
}

/**
 * A bare server with the cookies and the request context over the test context, and nothing else: no routes (and with
 * `zod`, the zod validator and serializer the app's routes use).
 */
export async function bareServer(ctx: TestContext, o: { zod?: boolean } = {}) {
  const app = Fastify();
  if (o.zod) {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
  }
  await app.register(cookie);
  await app.register(requestContext, {
    db: ctx.db,
    actors: ctx.deps.actors,
    cookieSecure: false,
    getKeys: () => ctx.deps.keys,
  });
  return app;
}

/** The routes (method, path without /api/v1, permission) that some route plugins declare, on a bare server. */
export async function declaredRoutes(ctx: TestContext, plugins: ((deps: AppDeps) => FastifyPluginAsyncZod)[]) {
  const app = await bareServer(ctx, { zod: true });
  for (const plugin of plugins) await app.register(plugin(ctx.deps), { prefix: API_BASE_PATH });
  await app.ready();
  const declared = app.routeDeclarations.map((r) => ({
    route: `${r.method} ${r.url.slice(API_BASE_PATH.length)}`,
    permission: r.permission as Permission | 'public',
  }));
  await app.close();
  return declared.sort((a, b) => a.route.localeCompare(b.route));
}

/**
 * A test file's own context for an access table: registers beforeAll/afterAll that open a database copy and sign in
 * one person per role (Demo's admin, labour consultant and employee Mario) and Beta's admin (useDemoContext), with its
 * request options (inDemo, asAdmin, inBeta). Read the fields inside tests and hooks (they are set in beforeAll).
 */
export function useAccessContext() {
  const s = {} as { ctx: TestContext; sessions: Record<WorkspaceRole, Session>; betaAdmin: Session };
  const options = useDemoContext(({ ctx, admin, accountant, member, betaAdmin }) => {
    Object.assign(s, { ctx, sessions: { admin, accountant, member }, betaAdmin });
  });
  return Object.assign(s, options);
}

/** Sends a call of a route as `session` (none: anonymous) in the table's workspace. */
export function sendAccess(t: AccessTable, r: AccessRoute, call: Call, session: Session | null) {
  const ctx = t.ctx();
  const workspace = t.workspace?.() ?? ctx.ws.demo;
  return ctx.request(methodOf(r), call.url, call.body, {
    session,
    workspace: session ? workspace : null,
    ...(call.query ? { query: call.query } : {}),
  });
}

/** The foreign calls of a table made by one role, in the shape `expectForeignRecordsHidden` takes. */
export function foreignCalls(t: AccessTable, as: WorkspaceRole) {
  return t.routes.filter((r) => r.foreign?.as === as).map((r) => ({ method: methodOf(r), ...r.foreign!.call() }));
}

/**
 * Registers the access tests of a module: "the access table" (when `plugins` are given) and "every <module> route",
 * inside which `more` adds the module's own access tests.
 */
export function describeAccessTable(t: AccessTable, more?: () => void) {
  const rows = t.routes.map((r) => [r.route, r] as const);

  if (t.plugins) {
    const plugins = t.plugins;
    describe(`the ${t.module} access table`, () => {
      it(`lists every route of the ${t.module} module with the permission it declares`, async () => {
        // The module alone on a bare server: its declarations are exactly its routes.
        const declared = await declaredRoutes(t.ctx(), plugins);
        expect(t.routes.map((r) => r.route).sort()).toEqual(declared.map((d) => d.route).sort());
        if (t.routeCount !== undefined) expect(declared).toHaveLength(t.routeCount);
        // Each row grants exactly the roles its permission grants (roles.ts is the source of truth).
        for (const d of declared) {
          const row = t.routes.find((r) => r.route === d.route)!;
          expect([...row.grants].sort(), `${d.route} (${d.permission})`).toEqual(rolesGranted(d.permission).sort());
        }
      });
    });
  }

  describe(`every ${t.module} route`, () => {
    it.each(rows)('%s: 401 without a session', async (_name, r) => {
      expectError(await sendAccess(t, r, r.call(), null), 401, 'UNAUTHENTICATED');
    });

    it.each(rows)('%s: 403 for every role it does not grant, before validation', async (_name, r) => {
      const session = t.sessions();
      const refused = WORKSPACE_ROLES.filter((role) => !r.grants.includes(role));
      for (const role of refused) {
        expect(
          expectError(await sendAccess(t, r, r.call(), session[role]), 403, 'FORBIDDEN').message,
          `${r.route} as ${role}`,
        ).toBeTruthy();
        expectError(await sendAccess(t, r, (r.probe ?? r.call)(), session[role]), 403, 'FORBIDDEN');
      }
    });

    it.each(rows)('%s: the granted roles get past the check', async (_name, r) => {
      const session = t.sessions();
      for (const role of r.grants) {
        const res = await sendAccess(t, r, (r.probe ?? r.call)(), session[role]);
        expect(res.statusCode, `${r.route} as ${role}: ${res.body}`).toBe(r.probeStatus);
        if (r.probeStatus === 400) expectError(res, 400, 'VALIDATION_FAILED');
      }
    });

    const foreign = rows.filter(([, r]) => r.foreign);
    if (foreign.length > 0) {
      it.each(foreign)('%s: Beta’s record used from Demo is not found', async (_name, r) => {
        const f = r.foreign!;
        const res = await sendAccess(t, r, f.call(), t.sessions()[f.as]);
        expect(expectError(res, 404, 'NOT_FOUND').message).toBe(f.message);
      });
    }

    more?.();
  });
}

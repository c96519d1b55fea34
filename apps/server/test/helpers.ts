import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { CLIENT_HEADER, CLIENT_HEADER_VALUE, WORKSPACE_HEADER, type AttendanceData, type User } from '@timbro/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config/env';
import { openDatabase, queryObservers, type Database } from '../src/db/client';
import { accrualEntries, auditLog, justifications, mailOutbox, userInfos, users, workspaces } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/seed';
import type { AppDeps } from '../src/deps';
import { createDeps } from '../src/runtime';
import { MemoryStorage } from '../src/lib/storage/memory';
import type { FileStorage } from '../src/lib/storage';
import { withDatabase } from './global-setup';
import { apiRequests } from './tenancy-watch';

export { DEMO_PASSWORD };

/** A copy of the migrated, seeded template database, private to one test file. */
export async function cloneDatabase(): Promise<Database> {
  const tpl = inject('dbTemplate');
  if (tpl.kind === 'pglite') {
    const data = fs.readFileSync(tpl.file);
    const database = await openDatabase({ databaseUrl: null, loadDataDir: new Blob([data]) });
    return database;
  }
  const name = `timbro_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: tpl.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${tpl.template}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(tpl.adminUrl, name), poolMax: 4 });
  const close = database.close;
  database.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: tpl.adminUrl });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`);
    await a.end();
  };
  return database;
}

export interface Session {
  cookie: string;
  email: string;
  userId: string;
}

export interface RequestOptions {
  session?: Session | null;
  workspace?: string | null;
  headers?: Record<string, string>;
  /** Send without the application header (CSRF tests). */
  noClientHeader?: boolean;
  query?: Record<string, string | string[]>;
}

export interface TestContext {
  app: App;
  deps: AppDeps;
  db: AppDeps['db'];
  ws: { demo: string; beta: string };
  login(email: string, password?: string): Promise<Session>;
  get(url: string, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  del(url: string, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    body?: unknown,
    opts?: RequestOptions,
  ): Promise<LightMyRequestResponse>;
  userId(email: string): Promise<string>;
  outbox(to: string): Promise<(typeof mailOutbox.$inferSelect)[]>;
  close(): Promise<void>;
}

/** Cookie header from a response's Set-Cookie (the cookies a browser would now send to /api/v1/...). */
export function cookiesOf(res: LightMyRequestResponse): string {
  return res.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}

/**
 * The dependencies of one server process over `database`, configured as the tests run it (silent, no jobs, served at
 * http://localhost:3000), with the files in memory unless a test brings its own storage (the back ends have their own
 * contract test).
 */
export function testDeps(database: Database, storage: FileStorage = new MemoryStorage()) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JOBS: 'false',
    PUBLIC_URL: 'http://localhost:3000',
  });
  return createDeps(config, database, { storage });
}

/** Stops a server process: its app, its live streams and its actor cache, then closes its database if given. */
export async function stopProcess(p: { app: App; deps: AppDeps; database?: Database }) {
  await p.app.close();
  await p.deps.live.stop();
  await p.deps.actors.stop();
  await p.database?.close();
}

/** A second server process on the test context's PostgreSQL database (its own pool, app and caches), not yet ready. */
export async function secondProcess(ctx: TestContext) {
  const database = await openDatabase({ databaseUrl: ctx.deps.database.url!, poolMax: 4 });
  const deps = await testDeps(database);
  return { database, deps, app: await buildApp(deps) };
}
export type SecondProcess = Awaited<ReturnType<typeof secondProcess>>;

export async function createTestContext(
  opts: { configure?: (app: App) => void | Promise<void>; storage?: FileStorage } = {},
): Promise<TestContext> {
  const database = await cloneDatabase();
  const deps = await testDeps(database, opts.storage);
  const app = await buildApp(deps);
  await opts.configure?.(app);
  await app.ready();
  const wsRows = await deps.db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces);
  const ws = {
    demo: wsRows.find((w) => w.name === 'Demo S.r.l.')!.id,
    beta: wsRows.find((w) => w.name === 'Beta S.p.A.')!.id,
  };

  const request: TestContext['request'] = async (method, url, body, o = {}) => {
    const headers: Record<string, string> = { 'x-auth-mode': 'cookie', ...(o.headers ?? {}) };
    if (!o.noClientHeader) headers[CLIENT_HEADER] = CLIENT_HEADER_VALUE;
    if (o.session) headers.cookie = o.session.cookie;
    if (o.workspace) headers[WORKSPACE_HEADER] = o.workspace;
    // Inside apiRequests: the tenancy watch (tenancy-watch.ts) checks every statement the API runs for this request.
    // (inject() is lazy: it must be awaited inside run() for the request to start there.)
    return apiRequests.run(
      true,
      async () =>
        await app.inject({
          method,
          url: `/api/v1${url}`,
          headers,
          ...(o.query ? { query: o.query } : {}),
          ...(body !== undefined ? { payload: body as object } : {}),
        }),
    );
  };

  const devices = new Map<string, string>();
  const ctx: TestContext = {
    app,
    deps,
    db: deps.db,
    ws,
    request,
    get: (url, o) => request('GET', url, undefined, o),
    post: (url, body, o) => request('POST', url, body, o),
    del: (url, o) => request('DELETE', url, undefined, o),
    async login(email, password = DEMO_PASSWORD) {
      // Like a browser, the test client keeps each account's known-device cookie and shows it at the next login there
      // (otherwise a file logging in as the admin a dozen times would meet the per-account limit of a minute).
      const device = devices.get(email.toLowerCase());
      const res = await request(
        'POST',
        '/auth/login',
        { username: email, password },
        device ? { headers: { cookie: device } } : {},
      );
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      const issued = res.cookies.find((c) => c.name === 'timbro_dev' && c.value !== '');
      if (issued) devices.set(email.toLowerCase(), `timbro_dev=${issued.value}`);
      return { cookie: cookiesOf(res), email, userId: res.json().id };
    },
    async userId(email) {
      const rows = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
      return rows[0]!.id;
    },
    async outbox(to) {
      return deps.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(mailOutbox.createdAt);
    },
    close: () => stopProcess({ app, deps, database }),
  };
  return ctx;
}

/** The membership row of a user in a workspace. */
export async function membershipOf(ctx: TestContext, email: string, workspaceId: string) {
  const userId = await ctx.userId(email);
  const rows = await ctx.db
    .select()
    .from(userInfos)
    .where(sql`${userInfos.userId} = ${userId} and ${userInfos.workspaceId} = ${workspaceId}`);
  return rows[0] ?? null;
}

/** Cookie names on plain http (the test config has PUBLIC_URL http://localhost:3000, so no __Host-/__Secure- prefix). */
export const ACCESS_COOKIE = 'timbro_at';
export const REFRESH_COOKIE = 'timbro_rt';

/** A cookie a response sets (not a cleared one). */
export function cookieOf(res: LightMyRequestResponse, name: string) {
  return res.cookies.find((c) => c.name === name && c.value !== '');
}

/** A session holding only the access cookie (so a test proves what the access token alone can do). */
export function accessOnly(s: Session): Session {
  const part = s.cookie.split('; ').find((c) => c.startsWith(`${ACCESS_COOKIE}=`));
  if (!part) throw new Error(`no access cookie in ${s.cookie}`);
  return { ...s, cookie: part };
}

/** A session holding only the refresh cookie. */
export function refreshOnly(s: Session): Session {
  const part = s.cookie.split('; ').find((c) => c.startsWith(`${REFRESH_COOKIE}=`));
  if (!part) throw new Error(`no refresh cookie in ${s.cookie}`);
  return { ...s, cookie: part };
}

/** The id of a person's employee record (membership) in a workspace; throws when there is none. */
export async function membershipIdOf(ctx: TestContext, email: string, workspaceId: string): Promise<string> {
  const m = await membershipOf(ctx, email, workspaceId);
  if (!m) throw new Error(`${email} has no membership`);
  return m.id;
}

/** GET /admin/user with `opts` and the query: expects a 200. */
export async function listUsers(ctx: TestContext, opts: RequestOptions, query: Record<string, string> = {}) {
  const res = await ctx.get('/admin/user', { ...opts, query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: User[]; total: number; page: number; perPage: number };
}

/** GET /admin/user/{id} with `opts`: expects a 200. */
export async function userRecord(ctx: TestContext, opts: RequestOptions, id: string): Promise<User> {
  const res = await ctx.get(`/admin/user/${id}`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as User;
}

/** Asserts an API error body: status, code and (optionally) the field errors by path. */
export function expectError(res: LightMyRequestResponse, status: number, code: string) {
  if (res.statusCode !== status) throw new Error(`expected ${status} ${code}, got ${res.statusCode}: ${res.body}`);
  const body = res.json() as { code: string; message: string; errors?: { path: string; message: string }[] };
  if (body.code !== code) throw new Error(`expected code ${code}, got ${body.code}: ${res.body}`);
  if (typeof body.message !== 'string' || body.message.length === 0) throw new Error('error without message');
  return body;
}

export function fieldErrors(res: LightMyRequestResponse): Record<string, string> {
  const body = res.json() as { errors?: { path: string; message: string }[] };
  const out: Record<string, string> = {};
  for (const e of body.errors ?? []) out[e.path] ??= e.message;
  return out;
}

/**
 * Cross-workspace checker reused by every module: as `session` working in `ownWorkspace`, each of `requests`
 * aimed at another workspace's record must answer 404 (never 403, never data).
 */
export async function expectForeignRecordsHidden(
  ctx: TestContext,
  session: Session,
  ownWorkspace: string,
  requests: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }[],
) {
  for (const r of requests) {
    const res = await ctx.request(r.method, r.url, r.body, { session, workspace: ownWorkspace });
    if (res.statusCode !== 404)
      throw new Error(`${r.method} ${r.url} answered ${res.statusCode} instead of 404: ${res.body}`);
  }
}

/** The body of POST /admin/user/{id} that changes nothing: a record as the edit form sends it back. */
export function editableUser(u: User) {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    fiscalCode: u.fiscalCode ?? undefined,
    roles: u.roles,
    attendanceAutoApproveRequest: u.attendanceAutoApproveRequest,
    workEmail: u.workEmail,
    phoneNumber: u.phoneNumber,
    pec: u.pec,
    homeAddress: u.homeAddress,
    iban: u.iban,
    birthday: u.birthday,
    birthplace: u.birthplace,
    groups: u.groups.map((g) => g.id),
  };
}

/** The seeded people each test file signs in as: Demo's admin (no employee role), labour consultant and Mario (an employee), and Beta's admin. */
export async function loginDemoRoles(ctx: TestContext) {
  return {
    admin: await ctx.login('admin@demo.timbro.it'),
    accountant: await ctx.login('consulente@demo.timbro.it'),
    member: await ctx.login('mario.rossi@demo.timbro.it'),
    betaAdmin: await ctx.login('admin@beta.timbro.it'),
  };
}

/** A query of RequestOptions. */
export type Query = RequestOptions['query'];

/** Request options: `session` (none: anonymous) working in `workspace`, with the query if any. */
export function inWorkspace(workspace: string, session: Session | null, query?: Query): RequestOptions {
  return { session, workspace, ...(query ? { query } : {}) };
}

/** A test file's context and the demo roles signed in (loginDemoRoles). */
export interface DemoContext {
  ctx: TestContext;
  admin: Session;
  accountant: Session;
  member: Session;
  betaAdmin: Session;
}

/**
 * A test file's context, registered with beforeAll/afterAll: opens a database copy (createTestContext with `opts`),
 * hands it to `ready` (which keeps it and prepares what the file needs) and closes it after the file's tests.
 */
export function useTestContext(ready: (ctx: TestContext) => unknown, opts?: Parameters<typeof createTestContext>[0]) {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestContext(opts);
    await ready(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });
}

/**
 * A test file's context (useTestContext with `opts`) with the demo roles signed in, handed to `ready` (which keeps what
 * the file needs and looks up its records). Returns request options built on it, to call inside tests and hooks:
 * `inDemo(session, query)` (a session in Demo), `asAdmin(query)` (Demo's admin in Demo), `inBeta(query)` (Beta's admin
 * in Beta).
 */
export function useDemoContext(
  ready: (d: DemoContext) => unknown = () => undefined,
  opts?: Parameters<typeof createTestContext>[0],
) {
  let d: DemoContext | undefined;
  useTestContext(async (ctx) => {
    d = { ctx, ...(await loginDemoRoles(ctx)) };
    await ready(d);
  }, opts);
  const opened = () => {
    if (!d) throw new Error('useDemoContext: the context opens in beforeAll (use it inside tests and hooks)');
    return d;
  };
  return {
    inDemo: (session: Session, query?: Query) => inWorkspace(opened().ctx.ws.demo, session, query),
    asAdmin: (query?: Query) => inWorkspace(opened().ctx.ws.demo, opened().admin, query),
    inBeta: (query?: Query) => inWorkspace(opened().ctx.ws.beta, opened().betaAdmin, query),
  };
}

/** The audit rows a request wrote (found by its x-request-id). */
export async function auditOf(ctx: TestContext, res: LightMyRequestResponse) {
  return ctx.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.requestId, String(res.headers['x-request-id'])));
}

/** The id of a seeded record of a tenant table in a workspace, by the value of one column (a name, a code); throws when there is none. */
export async function seededId(
  ctx: TestContext,
  table: PgTable & { id: PgColumn; workspaceId: PgColumn },
  workspaceId: string,
  column: PgColumn,
  value: string,
): Promise<string> {
  const [row] = await ctx.db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(column, value)));
  if (!row) throw new Error(`no ${column.name} = ${value} in ${workspaceId}`);
  return row.id as string;
}

/** The rows of a tenant table, in one workspace or in all. */
export async function countRows(ctx: TestContext, table: PgTable & { workspaceId: PgColumn }, workspaceId?: string) {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(workspaceId ? eq(table.workspaceId, workspaceId) : undefined);
  return row!.n;
}

/**
 * A write the sessions `refused` may not make: a 401 without a session; a 403 for each of them working in `workspace`,
 * with `body` and with an empty body (the permission is checked before validation).
 */
export async function expectWriteRefused(
  ctx: TestContext,
  url: string,
  body: unknown,
  refused: Session[],
  workspace: string,
) {
  expectError(await ctx.post(url, body), 401, 'UNAUTHENTICATED');
  for (const session of refused) {
    expectError(await ctx.post(url, body, { session, workspace }), 403, 'FORBIDDEN');
    expectError(await ctx.post(url, {}, { session, workspace }), 403, 'FORBIDDEN');
  }
}

/** Posts each body with `opts` and expects a 400 whose field errors are exactly the given ones. */
export async function expect400(
  ctx: TestContext,
  opts: RequestOptions,
  url: string,
  cases: [unknown, Record<string, string>][],
) {
  for (const [body, errors] of cases) {
    const res = await ctx.post(url, body, opts);
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(fieldErrors(res), JSON.stringify(body)).toEqual(errors);
  }
}

/** The monthly accrual entries of one contract, by justification code and month. */
export async function contractLedger(ctx: TestContext, contractId: string) {
  const rows = await ctx.db
    .select({ e: accrualEntries, code: justifications.code })
    .from(accrualEntries)
    .innerJoin(justifications, eq(justifications.id, accrualEntries.justificationId))
    .where(and(eq(accrualEntries.contractId, contractId), eq(accrualEntries.kind, 'accrual')))
    .orderBy(asc(justifications.code), asc(accrualEntries.period));
  return rows.map((r) => ({
    id: r.e.id,
    code: r.code,
    period: r.e.period,
    date: r.e.entryDate,
    amount: r.e.amount,
    userInfoId: r.e.userInfoId,
  }));
}

/** Every monthly accrual entry of the database, in a stable order (the whole ledger, both workspaces). */
export async function wholeAccrualLedger(ctx: TestContext) {
  return ctx.db
    .select({
      id: accrualEntries.id,
      workspaceId: accrualEntries.workspaceId,
      contractId: accrualEntries.contractId,
      justificationId: accrualEntries.justificationId,
      period: accrualEntries.period,
      date: accrualEntries.entryDate,
      amount: accrualEntries.amount,
    })
    .from(accrualEntries)
    .where(eq(accrualEntries.kind, 'accrual'))
    .orderBy(asc(accrualEntries.id));
}

/** The sum of the amounts, rounded to cents. */
export const roundedSum = (xs: { amount: number }[]) => Math.round(xs.reduce((s, x) => s + x.amount, 0) * 100) / 100;

export type Balances = {
  date: string;
  balances: {
    justification: { id: string; code: string; name: string; unit: string };
    balance: number;
    accrued: number;
    adjusted: number;
    used: number;
    entries: {
      id: string;
      date: string;
      amount: number;
      kind: string;
      period: string | null;
      rule: string | null;
      reason: string | null;
    }[];
  }[];
};

/** GET /admin/user/{id}/accrual with `opts` (session, workspace, and `date` in the query): expects a 200. */
export async function accrualBalances(ctx: TestContext, opts: RequestOptions, userInfoId: string) {
  const res = await ctx.get(`/admin/user/${userInfoId}/accrual`, opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Balances;
}

/** GET /attendance/attendance-data with `opts` (session, workspace, the query): expects a 200. */
export async function attendanceData(ctx: TestContext, opts: RequestOptions) {
  const res = await ctx.get('/attendance/attendance-data', opts);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AttendanceData;
}

/** The SQL statements `run` sends (to prove an endpoint's statement count: no N+1). */
export async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const observe = (q: string) => seen.push(q);
  queryObservers.add(observe);
  try {
    await run();
  } finally {
    queryObservers.delete(observe);
  }
  return seen;
}

/**
 * Runs `run` and collects the SQL statements it sends, counted with the session loaded from the database: the actor
 * cache is emptied first (ADR 0026). For the "fixed number of statements, whatever the page's size" tests.
 */
export async function coldStatements<T>(ctx: TestContext, run: () => Promise<T>) {
  ctx.deps.actors.invalidate('*');
  let value: T | undefined;
  const statements = await statementsOf(async () => {
    value = await run();
  });
  return { value: value as T, statements, n: statements.length };
}

/**
 * Routes that end or change the caller's own account or session (logout, deletion, password, profile, the other
 * sessions): the generated suites (fuzzing, the matrices) send them as a throwaway account, or not at all.
 */
export const ENDS_OWN_SESSION =
  /\/auth\/logout$|\/user\/immediately-delete$|\/user\/change-password$|\/user\/edit$|\/user\/sessions\/revoke-others$/;

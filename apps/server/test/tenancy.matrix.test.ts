import {
  API_BASE_PATH,
  apiMsg,
  effectiveRoles,
  hasPermission,
  isWorkspaceIndependent,
  type Permission,
  type Role,
} from '@timbro/shared';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteDeclaration } from '../src/plugins/request-context';
import { createTestContext, ENDS_OWN_SESSION, type Session, type TestContext } from './helpers';
import { populate, type Populated } from './two-workspaces';

/**
 * The cross-tenant and role matrices of issue 17, generated from the route table (`app.routeDeclarations`), not from
 * a hand list: every route, with real ids of both workspaces, for five principals — the operator, Demo's admin, Beta's
 * admin, the consultant of both, and Demo's employee.
 *
 * Cross-tenant: each principal works in its own workspace (the `X-Workspace` header) and names the other's records —
 * in the path, in the query and in a body that passes validation (drawn from the route's own zod schema, its id fields
 * filled with the other workspace's ids). Expected: never a 2xx on a route that names a foreign record, never a 5xx,
 * no foreign id in any answer, and the other workspace's rows byte-for-byte unchanged after each principal's pass.
 * Every route's parameters and id fields must map to a kind of record: a new route the matrix cannot fill fails it.
 *
 * Roles: each route's answer for each principal matches `PERMISSIONS` (packages/shared/src/roles.ts): refused with
 * "Non autorizzato" exactly when the permission is not granted. The employee never reaches a colleague's records.
 */

type Kind =
  | 'announcement'
  | 'attachment'
  | 'contract'
  | 'document'
  | 'group'
  | 'holiday'
  | 'request'
  | 'paycheckImport'
  | 'paycheck'
  | 'punch'
  | 'templateDay'
  | 'templateWeek'
  | 'shift'
  | 'swap'
  | 'justification'
  | 'justificationGroup'
  | 'monthLog'
  | 'payrollExport'
  | 'user'
  | 'workspace'
  | 'logo'
  | 'notification'
  | 'invitation'
  | 'session';

/** Where one record of each kind is found in a workspace (SQL over the workspace's rows). */
const KIND_SQL: Record<Exclude<Kind, 'workspace' | 'session'>, string> = {
  announcement: 'select id from announcements where workspace_id = $1',
  attachment: "select id from files where workspace_id = $1 and kind = 'attachment'",
  contract: 'select id from contracts where workspace_id = $1',
  document: 'select id from documents where workspace_id = $1',
  group: 'select id from groups where workspace_id = $1',
  holiday: 'select id from holidays where workspace_id = $1',
  request: 'select id from justification_requests where workspace_id = $1',
  paycheckImport: 'select id from paycheck_imports where workspace_id = $1',
  paycheck: 'select id from paychecks where workspace_id = $1',
  punch: 'select id from punches where workspace_id = $1',
  templateDay: 'select id from template_days where workspace_id = $1',
  templateWeek: 'select id from template_weeks where workspace_id = $1',
  shift: 'select id from work_shifts where workspace_id = $1',
  swap: 'select id from shift_swaps where workspace_id = $1',
  justification: 'select id from justifications where workspace_id = $1',
  justificationGroup: 'select id from justification_groups where workspace_id = $1',
  monthLog: "select id from month_logs where workspace_id = $1 and status = 'completed'",
  payrollExport: 'select id from payroll_exports where workspace_id = $1',
  user: "select id from user_infos where workspace_id = $1 and is_member and invitation_status = 'accepted'",
  logo: "select id from files where workspace_id = $1 and kind = 'logo'",
  notification: 'select id from notifications where workspace_id = $1',
  invitation: "select id from user_infos where workspace_id = $1 and invitation_status = 'pending'",
};

/** A path parameter's kind, from the path before it. */
const PARAM_KINDS: [RegExp, Kind][] = [
  [/\/attachment\/:fileId$/, 'attachment'],
  [/\/announcement\/:id$/, 'announcement'],
  [/\/contract\/:id$/, 'contract'],
  [/\/document\/:id$/, 'document'],
  [/\/group\/:id$/, 'group'],
  [/\/holiday\/:id$/, 'holiday'],
  [/\/justification-request\/:id$/, 'request'],
  [/\/paycheck\/import\/:id$/, 'paycheckImport'],
  [/\/paycheck\/:id$/, 'paycheck'],
  [/\/punch\/:id$/, 'punch'],
  [/\/template-day\/:id$/, 'templateDay'],
  [/\/template-week\/:id$/, 'templateWeek'],
  [/\/work-shift\/:id$/, 'shift'],
  [/\/shift-swap\/:id$/, 'swap'],
  [/\/justification\/:id$/, 'justification'],
  [/\/justification-group\/:id$/, 'justificationGroup'],
  [/\/month-log\/:id$/, 'monthLog'],
  [/\/payroll-export\/:id$/, 'payrollExport'],
  [/\/admin\/user\/:id$/, 'user'],
  [/\/(admin|platform)\/workspace\/:id$/, 'workspace'],
  [/\/workspace\/logo\/:id$/, 'logo'],
  [/\/notification\/:id$/, 'notification'],
  [/\/invitations\/:id$/, 'invitation'],
  [/\/sessions\/:id$/, 'session'],
];

/** An id field of a body or a query: its kind, from its name (and the route, for a bare `ids`). */
function fieldKind(key: string, url: string): Kind | null {
  if (/^(userInfoIds?|targetUserInfoId|user_info_ids?|userInfoId|user_id|userId|employeeId|requesterId)$/.test(key))
    return 'user';
  if (/^(justificationIds?|justification_id|justificationId)$/.test(key)) return 'justification';
  if (/^(justificationGroupId|justification_group_id)$/.test(key)) return 'justificationGroup';
  if (/^(groupIds?|group_id|group_ids)$/.test(key)) return 'group';
  if (/^(templateWeekId|template_week_id)$/.test(key)) return 'templateWeek';
  if (/^(templateDayId|template_day_id)$/.test(key)) return 'templateDay';
  if (/^(sourceShiftId|targetShiftId|shiftIds?|shift_id)$/.test(key)) return 'shift';
  if (/^(logo|squareLogo|logoFileId)$/.test(key)) return 'logo';
  if (/^keepAttachmentIds$/.test(key)) return 'attachment';
  if (/^(monthLogId|month_log_id)$/.test(key)) return 'monthLog';
  if (/^(contractId|contract_id)$/.test(key)) return 'contract';
  if (key === 'id' && url.includes('/payroll/employees')) return 'user';
  if (key === 'id' && url.includes('/payroll/justifications')) return 'justification';
  if (/^(ids|requestIds)$/.test(key)) {
    if (url.includes('justification-request')) return 'request';
    if (url.includes('work-shift')) return 'shift';
    if (url.includes('notification')) return 'notification';
  }
  return null;
}

/**
 * Routes that can name no record of a workspace, with the reason; they are still counted as covered (and answered
 * by the role matrix). Anything not here must have its every parameter mapped above.
 */
const NO_WORKSPACE_RECORD: Record<string, string> = {
  'POST /auth/first-login/:token': 'public: a one-time token, not a workspace record',
  'POST /auth/new-password/:token': 'public: a one-time token, not a workspace record',
  'POST /auth/verify-email/:token': 'public: a one-time token, not a workspace record',
  'GET /calendar/:token': 'public: the feed token is the capability (ADR on calendar feeds)',
};

/**
 * Writes whose id fields only narrow what they act on, with what they must answer when they name another workspace's
 * records: nothing done. (A read may always filter by another workspace's ids: it must then list nothing.)
 */
const NARROWING_WRITES: Record<string, (body: Json) => boolean> = {
  // userInfoIds / groupId choose whose drafts are published: the other workspace's publish none.
  'POST /admin/work-shift/publish': (b) => b.published === 0,
};

/** Account-level reads that list more than one workspace by design (the consultant's own companies). */
const ACCOUNT_LEVEL = new Set<Permission | 'public'>([
  'public',
  'profile:read',
  'workspace:list',
  'accountant:overview',
]);

type Ids = Record<Kind, string>;
interface Side {
  ws: string;
  ids: Ids;
  /** Every id of the workspace's rows (any table with a workspace_id) and of its people's accounts. */
  all: Set<string>;
  populated: Populated;
}

let ctx: TestContext;
const side: { demo?: Side; beta?: Side } = {};
let sessions: Record<'operator' | 'adminA' | 'adminB' | 'accountant' | 'memberA', Session>;

async function rows(query: string, params: unknown[]): Promise<Record<string, unknown>[]> {
  const res = await ctx.db.execute(sql.raw(query.replace(/\$(\d)/g, (_, i) => `'${String(params[Number(i) - 1])}'`)));
  return (res as unknown as { rows: Record<string, unknown>[] }).rows ?? (res as unknown as Record<string, unknown>[]);
}

async function workspaceTables(): Promise<string[]> {
  const r = await rows(
    "select table_name as t from information_schema.columns where table_schema = 'public' and column_name = 'workspace_id' order by 1",
    [],
  );
  return r.map((x) => String(x.t));
}

/** A checksum per table of the workspace's rows, and of the accounts only it holds. */
async function checksum(ws: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await workspaceTables()) {
    const [r] = await rows(
      `select count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as h from "${t}" x where workspace_id = $1`,
      [ws],
    );
    out[t] = `${String(r!.n)}:${String(r!.h)}`;
  }
  const [acc] = await rows(
    `select count(*)::int as n, coalesce(md5(string_agg(u::text, '|' order by u.id)), '') as h from users u
     where exists (select 1 from user_infos i where i.user_id = u.id and i.workspace_id = $1)
       and not exists (select 1 from user_infos i where i.user_id = u.id and i.workspace_id <> $1)`,
    [ws],
  );
  out.users = `${String(acc!.n)}:${String(acc!.h)}`;
  return out;
}

async function harvest(ws: string, populated: Populated, sessionOwner: string): Promise<Side> {
  const ids = {} as Ids;
  for (const [kind, query] of Object.entries(KIND_SQL)) {
    const [r] = await rows(`${query} order by id limit 1`, [ws]);
    if (!r) throw new Error(`no ${kind} in workspace ${ws}: the fixture must make one`);
    ids[kind as Kind] = String(r.id);
  }
  ids.workspace = ws;
  const [s] = await rows(
    `select s.id from auth_sessions s join users u on u.id = s.user_id where lower(u.email) = '${sessionOwner}' order by s.created_at desc limit 1`,
    [],
  );
  ids.session = String(s!.id);
  const all = new Set<string>();
  for (const t of await workspaceTables()) {
    for (const r of await rows(`select id::text as id from "${t}" where workspace_id = $1`, [ws]).catch(() => []))
      all.add(String(r.id));
  }
  for (const r of await rows(
    `select u.id::text as id from users u where exists (select 1 from user_infos i where i.user_id = u.id and i.workspace_id = $1)
       and not exists (select 1 from user_infos i where i.user_id = u.id and i.workspace_id <> $1)`,
    [ws],
  ))
    all.add(String(r.id));
  all.add(ids.session);
  return { ws, ids, all, populated };
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies and queries from the routes' zod schemas
// ---------------------------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

/** A value for one JSON-schema node: the smallest that validates, id fields filled with `idOf`. */
function sample(
  node: Json | undefined,
  key: string,
  url: string,
  idOf: (k: Kind) => string,
  unmapped: string[],
): unknown {
  if (!node) return 'Prova';
  const variants = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (variants) {
    const pick = variants.find((v) => v.type !== 'null') ?? variants[0];
    return sample(pick, key, url, idOf, unmapped);
  }
  if (node.allOf) return sample((node.allOf as Json[])[0], key, url, idOf, unmapped);
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum[0];
  const type = Array.isArray(node.type) ? (node.type as string[]).find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const props = (node.properties ?? {}) as Record<string, Json>;
      const required = new Set((node.required ?? []) as string[]);
      const out: Json = {};
      for (const [k, v] of Object.entries(props)) {
        if (required.has(k) || fieldKind(k, url)) out[k] = sample(v, k, url, idOf, unmapped);
      }
      return out;
    }
    case 'array': {
      const n = Math.max(1, Number(node.minItems ?? 1));
      return Array.from({ length: n }, () => sample(node.items as Json, key, url, idOf, unmapped));
    }
    case 'integer':
    case 'number': {
      const min = node.minimum ?? (node.exclusiveMinimum !== undefined ? Number(node.exclusiveMinimum) + 1 : undefined);
      if (/year/i.test(key)) return 2026;
      if (/month/i.test(key)) return 10;
      if (/^end/i.test(key)) return Math.max(Number(min ?? 0), 960);
      if (/^start/i.test(key)) return Math.max(Number(min ?? 0), 480);
      return Number(min ?? 1);
    }
    case 'boolean':
      return false;
    default: {
      const format = node.format as string | undefined;
      if (format === 'uuid' || /^(ids?|.*Ids?|.*_ids?|logo|squareLogo)$/.test(key)) {
        const kind = fieldKind(key, url);
        if (!kind) {
          unmapped.push(`${url} ${key}`);
          return idOf('user');
        }
        return idOf(kind);
      }
      if (format === 'date' || /^(date|from|to|day|startsAt|endsAt|birthday|startDate|endDate)$/i.test(key))
        return /to|end/i.test(key) ? '2026-12-18' : '2026-12-14';
      if (format === 'date-time') return '2026-12-14T09:00:00.000Z';
      if (format === 'email' || /email/i.test(key)) return 'matrice@esempio.it';
      if (/amount/i.test(key)) return '1.234,56';
      if (/month/i.test(key)) return '2026-10';
      if (/time/i.test(key)) return '09:00';
      const minLength = Number(node.minLength ?? 1);
      return 'Prova matrice'.padEnd(minLength, 'x');
    }
  }
}

/**
 * What the schema cannot say about a well-formed body (a refinement, an optional field that becomes required with
 * another): merged into the generated body of the routes whose path matches.
 */
const BODY_HINTS: [RegExp, Json][] = [
  [/^\/admin\/holiday\/:id$/, { day: 8, month: 12 }],
  [/^\/admin\/justification(\/:id)?$/, { code: 'MTX' }],
  [/\/contract(\/:id)?$/, { endsAt: '2027-06-30' }],
  [/justification-request(\/:id)?$/, { date: '2026-12-14', startsAtMinutes: 540, endsAtMinutes: 600 }],
  [/punch(\/:id)?$/, { at: '2026-12-14 09:00:00' }],
  [/^\/admin\/work-shift(\/check)?$/, { startMinutes: 480, endMinutes: 960 }],
];

function jsonSchemaOf(schema: unknown): Json | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    return undefined;
  }
}

interface Built {
  url: string;
  query?: Record<string, string>;
  body?: unknown;
  /** Whether the call names a record (path, query or body) of the workspace the ids came from. */
  names: boolean;
  /** The body passed the route's own schema (otherwise a 400 proves nothing). */
  bodyValid: boolean;
  unmapped: string[];
}

function pathKind(url: string, param: string): Kind | null {
  const upTo = url.slice(0, url.indexOf(`:${param}`) + param.length + 1);
  return PARAM_KINDS.find(([re]) => re.test(upTo))?.[1] ?? null;
}

function build(r: RouteDeclaration, idOf: (k: Kind) => string): Built {
  const unmapped: string[] = [];
  const path = r.url.slice(API_BASE_PATH.length);
  let names = false;
  const url = path.replace(/:([A-Za-z]+)/g, (_, param: string) => {
    const kind = pathKind(path, param);
    if (!kind) {
      unmapped.push(`${r.method} ${path} :${param}`);
      return 'x';
    }
    names = true;
    return idOf(kind);
  });
  let query: Record<string, string> | undefined;
  const qs = jsonSchemaOf(r.querySchema);
  if (qs) {
    const q = sample(qs, '', path, idOf, unmapped) as Json;
    query = {};
    for (const [k, v] of Object.entries(q)) {
      query[k] = Array.isArray(v) ? v.join(',') : String(v);
      if (fieldKind(k, path)) names = true;
    }
  }
  let body: unknown;
  let bodyValid = true;
  if (r.method !== 'GET' && r.method !== 'DELETE') {
    const js = jsonSchemaOf(r.bodySchema);
    if (js) {
      body = sample(js, '', path, idOf, unmapped);
      for (const [re, hint] of BODY_HINTS) if (re.test(path)) body = { ...(body as Json), ...hint };
      const json = JSON.stringify(body);
      if (/"[0-9a-f-]{36}"/.test(json)) names = true;
      bodyValid = (r.bodySchema as z.ZodType).safeParse(body).success;
    } else body = {};
  }
  return { url, query, body, names, bodyValid, unmapped };
}

const routeKey = (r: RouteDeclaration) => `${r.method} ${r.url.slice(API_BASE_PATH.length)}`;

function send(built: Built, method: string, session: Session | undefined, workspace: string) {
  return ctx.request(method as 'GET', built.url, method === 'GET' || method === 'DELETE' ? undefined : built.body, {
    session,
    workspace,
    ...(built.query ? { query: built.query } : {}),
  });
}

const permissionRefusal = (res: LightMyRequestResponse) =>
  res.statusCode === 403 && (res.json() as { message?: string }).message === apiMsg.access.forbidden;

function leaked(res: LightMyRequestResponse, foreign: Set<string>): string[] {
  const found = res.body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
  return [...new Set(found.filter((id) => foreign.has(id)))];
}

// ---------------------------------------------------------------------------------------------------------------

beforeAll(async () => {
  ctx = await createTestContext();
  sessions = {
    operator: await ctx.login('operator@demo.timbro.it'),
    adminA: await ctx.login('admin@demo.timbro.it'),
    adminB: await ctx.login('admin@beta.timbro.it'),
    accountant: await ctx.login('consulente@demo.timbro.it'),
    memberA: await ctx.login('mario.rossi@demo.timbro.it'),
  };
  const demoPop = await populate(ctx, ctx.ws.demo, sessions.adminA, 'mario.rossi@demo.timbro.it', 'demo');
  const betaPop = await populate(ctx, ctx.ws.beta, sessions.adminB, 'paolo.lombardi@beta.timbro.it', 'beta');
  side.demo = await harvest(ctx.ws.demo, demoPop, 'admin@demo.timbro.it');
  side.beta = await harvest(ctx.ws.beta, betaPop, 'admin@beta.timbro.it');
}, 120_000);
afterAll(async () => {
  await ctx.close();
});

interface Principal {
  name: string;
  session: () => Session;
  roles: Role[];
  operator?: boolean;
  home: () => Side;
  foreign: () => Side;
}

const PRINCIPALS: Principal[] = [
  {
    name: 'the operator (in Demo)',
    session: () => sessions.operator,
    roles: effectiveRoles({ oimmei: true, admin: false, accountant: false, member: false }),
    operator: true,
    home: () => side.demo!,
    foreign: () => side.beta!,
  },
  {
    name: "Beta's admin",
    session: () => sessions.adminB,
    roles: ['user', 'admin'],
    home: () => side.beta!,
    foreign: () => side.demo!,
  },
  {
    name: 'the consultant of both, in Beta',
    session: () => sessions.accountant,
    roles: ['user', 'accountant'],
    home: () => side.beta!,
    foreign: () => side.demo!,
  },
  {
    name: 'the consultant of both, in Demo',
    session: () => sessions.accountant,
    roles: ['user', 'accountant'],
    home: () => side.demo!,
    foreign: () => side.beta!,
  },
  {
    name: "Demo's employee",
    session: () => sessions.memberA,
    roles: ['user', 'member'],
    home: () => side.demo!,
    foreign: () => side.beta!,
  },
  {
    name: "Demo's admin",
    session: () => sessions.adminA,
    roles: ['user', 'admin'],
    home: () => side.demo!,
    foreign: () => side.beta!,
  },
];

/** Whether the principal gets past the permission check (PERMISSIONS; the operator flag for the platform). */
function granted(p: Principal, permission: Permission | 'public') {
  if (permission === 'public') return true;
  if (permission === 'platform:manage') return !!p.operator;
  return isWorkspaceIndependent(permission) || hasPermission(p.roles, permission);
}

/**
 * The operator holds the admin role in every workspace but no employee record there: past the permission check, the
 * routes about one's own records (`…:own`, the notification centre) refuse them too ("Non autorizzato") — or a
 * malformed call stops at validation first. Either answer is right for them; nothing else may differ.
 */
const ownRecordRoute = (p: Principal, permission: Permission | 'public') =>
  !!p.operator && (permission.endsWith(':own') || permission === 'notification:own');

function apiRoutes() {
  return ctx.app.routeDeclarations.filter((r) => r.url.startsWith(API_BASE_PATH));
}

describe('the cross-tenant matrix', () => {
  it('covers every route: each parameter and id field of the route table maps to a kind of record', () => {
    const uncovered: string[] = [];
    for (const r of apiRoutes()) {
      if (NO_WORKSPACE_RECORD[routeKey(r)]) continue;
      uncovered.push(...build(r, () => '00000000-0000-4000-8000-000000000000').unmapped);
    }
    expect(uncovered).toEqual([]);
    expect(apiRoutes().length).toBeGreaterThan(200);
  });

  it('five principals × every route with the other workspace’s ids: 0 reads, 0 writes across workspaces', async () => {
    const failures: string[] = [];
    const inconclusive: string[] = [];
    const tally = {
      attempts: 0,
      naming: 0,
      refusedByRole: 0,
      notFound: 0,
      refusedOther: 0,
      neutral: 0,
      skipped: 0,
      filtered: 0,
    };
    for (const p of PRINCIPALS) {
      const home = p.home();
      const foreign = p.foreign();
      const before = await checksum(foreign.ws);
      for (const r of apiRoutes()) {
        const key = routeKey(r);
        if (NO_WORKSPACE_RECORD[key] || ENDS_OWN_SESSION.test(r.url) || r.url.endsWith('/notification/stream')) {
          tally.skipped++;
          continue;
        }
        // The operator's own area acts on any workspace by design; its writes would disable the other one.
        if (r.permission === 'platform:manage' && p.operator && r.method !== 'GET') {
          tally.skipped++;
          continue;
        }
        const built = build(r, (k) => foreign.ids[k]);
        const res = await send(built, r.method, p.session(), home.ws);
        tally.attempts++;
        const where = `${p.name}: ${key} → ${res.statusCode}`;
        if (res.statusCode >= 500) failures.push(`${where} ${res.body.slice(0, 200)}`);
        const operatorArea = r.permission === 'platform:manage' && p.operator;
        if (!ACCOUNT_LEVEL.has(r.permission) && !operatorArea) {
          const ids = leaked(res, foreign.all);
          if (ids.length) failures.push(`${where} answers with ${ids.length} id(s) of the other workspace`);
        }
        if (!built.names) {
          tally.neutral++;
          continue;
        }
        tally.naming++;
        if (permissionRefusal(res)) {
          tally.refusedByRole++;
          if (granted(p, r.permission) && !ownRecordRoute(p, r.permission))
            failures.push(`${where}: refused by permission although granted`);
          continue;
        }
        const pathNames = /:[A-Za-z]+/.test(r.url);
        if (res.statusCode < 300 && !pathNames && r.method === 'GET') {
          // A filter by another workspace's ids: an empty list (or a file of no rows, checked by the id scan).
          const body = /json/.test(String(res.headers['content-type'])) ? (res.json() as Json) : null;
          if (
            body &&
            ((typeof body.total === 'number' && body.total !== 0) || (Array.isArray(body.items) && body.items.length))
          )
            failures.push(`${where}: a filter by the other workspace's ids lists ${String(body.total)} row(s)`);
          tally.filtered++;
          continue;
        }
        const narrowing = NARROWING_WRITES[key];
        if (res.statusCode < 300 && narrowing && !pathNames) {
          if (!narrowing(res.json() as Json)) failures.push(`${where}: acted on the other workspace's ids ${res.body}`);
          tally.filtered++;
          continue;
        }
        if (res.statusCode < 300 && !operatorArea) {
          failures.push(`${where}: a 2xx naming the other workspace's records ${res.body.slice(0, 200)}`);
          continue;
        }
        if (res.statusCode === 404) tally.notFound++;
        else tally.refusedOther++;
        if (res.statusCode === 400 && !built.bodyValid)
          inconclusive.push(
            `${p.name}: ${key} ${JSON.stringify(built.body)} ${JSON.stringify((r.bodySchema as z.ZodType).safeParse(built.body).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`))}`,
          );
      }
      const after = await checksum(foreign.ws);
      const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
      if (changed.length) failures.push(`${p.name} changed the other workspace: ${changed.join(', ')}`);
    }
    console.info(
      `Cross-tenant matrix: ${PRINCIPALS.length} principal passes × ${apiRoutes().length} routes = ${tally.attempts} requests; ` +
        `${tally.naming} naming the other workspace's records (404 ${tally.notFound}, permission ${tally.refusedByRole}, ` +
        `other refusal ${tally.refusedOther}, filtered to nothing ${tally.filtered}), ${tally.neutral} naming none, ${tally.skipped} not sent; ` +
        `reads across 0 expected, writes across 0 expected; failures ${failures.length}; bodies invalid ${inconclusive.length}`,
    );
    expect({ failures, inconclusive }).toEqual({ failures: [], inconclusive: [] });
  }, 120_000);
});

describe('the role matrix', () => {
  it('each route answers each principal as PERMISSIONS says: refused exactly when not granted', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const p of PRINCIPALS) {
      const home = p.home();
      for (const r of apiRoutes()) {
        const key = routeKey(r);
        if (r.permission === 'public' || ENDS_OWN_SESSION.test(r.url) || r.url.endsWith('/notification/stream'))
          continue;
        if (r.permission === 'platform:manage' && p.operator && r.method !== 'GET') continue;
        // A read names the own workspace's records; a write names a malformed id and carries a malformed body, so
        // a granted role stops at validation (400) and nothing is changed — the permission is checked before.
        const built = build(r, (k) => (r.method === 'GET' ? home.ids[k] : 'x'));
        if (r.method !== 'GET') built.body = [];
        const res = await send(built, r.method, p.session(), home.ws);
        checked++;
        const refused = permissionRefusal(res);
        const expected = !granted(p, r.permission);
        if ((refused !== expected && !ownRecordRoute(p, r.permission)) || res.statusCode >= 500)
          mismatches.push(`${p.name}: ${key} → ${res.statusCode} (${expected ? 'should be refused' : 'granted'})`);
      }
    }
    console.info(`Role matrix: ${checked} route × principal answers, mismatches ${mismatches.length}`);
    expect(mismatches).toEqual([]);
  }, 120_000);

  it("the employee reaches none of a colleague's records, on every route granted to an employee", async () => {
    const demo = side.demo!;
    const colleague = demo.populated.colleague;
    const colleagueIds: Partial<Ids> = {};
    for (const [kind, table] of [
      ['paycheck', 'paychecks'],
      ['document', 'documents'],
      ['request', 'justification_requests'],
      ['punch', 'punches'],
      ['notification', 'notifications'],
    ] as [Kind, string][]) {
      const [r] = await rows(`select id from ${table} where workspace_id = $1 and user_info_id = $2 limit 1`, [
        demo.ws,
        colleague,
      ]);
      if (r) colleagueIds[kind] = String(r.id);
    }
    const [shift] = await rows(
      'select shift_id as id from work_shift_assignees where workspace_id = $1 and user_info_id = $2 limit 1',
      [demo.ws, colleague],
    ).catch(() => []);
    if (shift) colleagueIds.shift = String(shift.id);
    // Their shift is named in the employee's own swap with them (by design): only their other records are scanned for.
    const theirs = new Set(
      Object.entries(colleagueIds)
        .filter(([k]) => k !== 'shift')
        .map(([, id]) => id),
    );
    const member = PRINCIPALS.find((p) => p.name === "Demo's employee")!;
    const failures: string[] = [];
    let sent = 0;
    for (const r of apiRoutes()) {
      const key = routeKey(r);
      if (!/^(attendance|paycheck|document|shift|notification|announcement):/.test(r.permission)) continue;
      if (!granted(member, r.permission) || ENDS_OWN_SESSION.test(r.url) || r.url.endsWith('/stream')) continue;
      const kinds = [...r.url.matchAll(/:([A-Za-z]+)/g)].map((m) => pathKind(r.url.slice(API_BASE_PATH.length), m[1]!));
      const namesColleague = kinds.length > 0 && kinds.every((k) => k && colleagueIds[k]);
      const built = build(r, (k) => colleagueIds[k] ?? (k === 'user' ? colleague : demo.ids[k]));
      const res = await send(built, r.method, sessions.memberA, demo.ws);
      sent++;
      if (res.statusCode >= 500) failures.push(`${key} → ${res.statusCode}`);
      if (namesColleague && res.statusCode < 300) failures.push(`${key} → ${res.statusCode} on a colleague's record`);
      const seen = leaked(res, theirs);
      if (seen.length) failures.push(`${key} → ${res.statusCode} answers with a colleague's record`);
    }
    console.info(
      `Colleague matrix: ${sent} employee routes with a colleague's ids (${Object.keys(colleagueIds).join(', ')}), failures ${failures.length}`,
    );
    expect(Object.keys(colleagueIds).length).toBeGreaterThanOrEqual(5);
    expect(failures).toEqual([]);
  }, 60_000);
});

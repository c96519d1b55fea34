import { AsyncLocalStorage } from 'node:async_hooks';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, expect } from 'vitest';
import { queryObservers } from '../src/db/client';
import * as schema from '../src/db/schema';

/**
 * Watches every SQL statement that the API runs while the suite calls it (requests made through the test context run
 * inside `apiRequests`; the tests' own set-up queries do not), and fails the test file when a statement touches a
 * tenant table (one with `workspace_id`) without naming the workspace column anywhere: a query that forgot the scope.
 * The few intended cross-workspace statements are allowed below, each with its reason.
 */
/**
 * The watch's state lives on `globalThis`: the suite runs test files one after another in the same process without
 * isolation (vitest.config.ts), where this setup file is evaluated again for every file while `helpers.ts` keeps the
 * copy it imported first. One store, one observer and one list of violations, whichever copy a file sees.
 */
interface WatchState {
  apiRequests: AsyncLocalStorage<true>;
  violations: string[];
  watched: number;
  /** The observer sets already watched (one, unless the database module is ever evaluated again). */
  observed: WeakSet<object>;
}
const STATE_KEY = Symbol.for('timbro.tenancy-watch');
const state: WatchState = ((globalThis as Record<symbol, WatchState | undefined>)[STATE_KEY] ??= {
  apiRequests: new AsyncLocalStorage<true>(),
  violations: [],
  watched: 0,
  observed: new WeakSet(),
});

export const apiRequests = state.apiRequests;

const TENANT_TABLES = new Set(
  (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => is(t, PgTable))
    .map((t) => getTableConfig(t))
    .filter((c) => c.columns.some((col) => col.name === 'workspace_id'))
    .map((c) => c.name),
);

/**
 * Intended reads across workspaces, by account: each is the person's own data or an account-wide rule. A pattern is
 * cut out of the statement before the check, so the rest of that statement is still checked; a pattern that starts
 * with ^ and ends with $ takes the whole statement.
 */
export const CROSS_WORKSPACE_ALLOWED: { pattern: RegExp; reason: string }[] = [
  {
    pattern:
      /coalesce\(\(select sum\(f\.size\) from "files" f where f\.workspace_id = "workspaces"\."id"\), 0\)::float8, \(select count\(\*\) from "files" f where f\.workspace_id = "workspaces"\."id"\)::int/,
    reason: 'platform list: each company’s file storage totals for the operator (issue 30 item 8), never a file',
  },
  {
    pattern: /^\s*select \/\* logosStoredBefore \*\/[\s\S]*$/,
    reason: 'logo-cleaning job: the logos in use stored before uploads were made anew, in every company (issue 30)',
  },
  {
    pattern:
      /^select "workspaces"\."id", "workspaces"\."name", [\s\S]* from "workspaces" left join "user_infos" on \("user_infos"\."workspace_id" = "workspaces"\."id" and "user_infos"\."user_id" = \$1[\s\S]*$/,
    reason: 'loadMemberships: the person’s accepted memberships in every company — the access check itself',
  },
  {
    pattern:
      /\(select count\(\*\)::int from "user_infos" pi where pi\.user_id = "users"\."id" and pi\.invitation_status = 'pending' and pi\.enabled and not exists \(select 1 from "workspaces" dw where dw\.id = pi\.workspace_id and dw\.disabled_at is not null\)\)/,
    reason:
      'loadActor: the count of the person’s own pending invitations, across companies (ADR 0015), disabled ones left out (ADR 0023)',
  },
  {
    pattern:
      /\(select count\(\*\)::int from "user_infos" o where o\.user_id = "user_infos"\."user_id" and o\.workspace_id <> "user_infos"\."workspace_id"\)/,
    reason:
      'employee record: whether the account has records elsewhere, only to decide if this workspace may still correct the login e-mail (never shown)',
  },
  {
    pattern:
      /^select "(user_infos"\.")?id" from "user_infos" where \("user_infos"\."user_id" = \$1 and "user_infos"\."enabled" = \$2 and "user_infos"\."invitation_status" = \$3\)[\s\S]*$/,
    reason:
      'keepsPlatformAccess: does the account keep an enabled membership anywhere (sessions end when none is left)',
  },
  {
    pattern:
      /^select [\s\S]* from "user_infos" inner join "workspaces" on "workspaces"\."id" = "user_infos"\."workspace_id" where \("user_infos"\."user_id" = \$1 and "user_infos"\."invitation_status" = \$2 and "user_infos"\."enabled" = \$3 and "workspaces"\."disabled_at" is null\)[\s\S]*$/,
    reason: 'invitations: the person’s own pending invitations, from every company (not a disabled one)',
  },
  {
    pattern:
      /^select [\s\S]* from "user_infos" where \("user_infos"\."id" = \$1 and "user_infos"\."user_id" = \$2 and "user_infos"\."invitation_status" = \$3[\s\S]*$/,
    reason: 'invitations: the person answers their own invitation (by account, across companies)',
  },
  {
    pattern:
      /^select [\s\S]* from "user_infos" where \("user_infos"\."user_id" = \$1 and "user_infos"\."invitation_status" (= \$2|<> \$2)\)[\s\S]*$/,
    reason:
      'profile deletion: the person’s own memberships (deletion rules; records of unanswered invitations stay with their company)',
  },
  {
    pattern: /^select [\s\S]* from "shift_calendar_feeds" where "shift_calendar_feeds"\."token_hash" = \$1$/,
    reason:
      'calendar feed (ADR 0022): the secret link names its workspace; the one lookup by the token’s unique hash, then everything is scoped to that workspace',
  },
  {
    pattern:
      /\(select "workspace_id", count\(\*\) filter \(where "is_member" and [\s\S]*? from "user_infos" where "user_infos"\."enabled" = \$\d+ group by "user_infos"\."workspace_id"\) "people"/,
    reason:
      'platform list (ADR 0023): the operator sees every workspace with its head counts (numbers only, never a person), platform:manage only',
  },
  ...[
    /^select distinct on \("month_logs"\."workspace_id"\) [\s\S]* from "month_logs" where \("month_logs"\."workspace_id" in \(\$1(, \$\d+)*\) and "month_logs"\."end_of_month" = \$\d+\)[\s\S]*$/,
    /^select "workspace_id", count\(\*\)::int from "justification_requests" where \("justification_requests"\."workspace_id" in \(\$1(, \$\d+)*\) [\s\S]*$/,
    /^select "workspace_id", count\(\*\)::int from "month_changes" where \("month_changes"\."workspace_id" in \(\$1(, \$\d+)*\) [\s\S]*$/,
    /^select "payroll_exports"\."workspace_id", count\(\*\)::int from "payroll_exports" inner join "month_logs" [\s\S]* where \("payroll_exports"\."workspace_id" in \(\$1(, \$\d+)*\) [\s\S]*$/,
  ].map((pattern) => ({
    pattern,
    reason:
      'accountant overview: one month across the companies where the account is accountant (the list of workspaces comes from its own memberships, never from input)',
  })),
];

/** A table reference: the keyword, the table, and its alias when there is one. */
const TABLE_REF = /\b(from|join|update|into)\s+"([a-z_]+)"(?:\s+(?:as\s+)?("[a-z_][a-z0-9_]*"|[a-z_][a-z0-9_]*))?/gi;
const NOT_ALIAS = new Set([
  'where',
  'left',
  'right',
  'inner',
  'full',
  'cross',
  'join',
  'on',
  'set',
  'values',
  'group',
  'order',
  'limit',
  'offset',
  'for',
  'returning',
  'union',
  'using',
  'default',
]);

/** How many API statements the watch has checked so far (a test proves the watch sees them). */
export const watchedStatements = () => state.watched;

const NAME = String.raw`("[a-z_][a-z0-9_]*"|[a-z_][a-z0-9_]*)`;
/** `X.workspace_id = $n` (bound to a value) and `X.workspace_id = Y.workspace_id` (carried over from another reference). */
const BOUND = new RegExp(String.raw`${NAME}\."?workspace_id"?\s*=\s*\$\d+`, 'gi');
const BOUND_REVERSED = new RegExp(String.raw`\$\d+\s*=\s*${NAME}\."?workspace_id"?`, 'gi');
const CARRIED = new RegExp(String.raw`${NAME}\."?workspace_id"?\s*=\s*${NAME}\."?workspace_id"?`, 'gi');
/** `X.workspace_id = "workspace_id"`: Drizzle writes an outer column unqualified inside a correlated sub-select. */
const CARRIED_OUTER = new RegExp(String.raw`${NAME}\."?workspace_id"?\s*=\s*"workspace_id"(?![."])`, 'gi');
const bare = (name: string) => name.replace(/"/g, '').toLowerCase();

/**
 * The tenant tables a statement reads or writes without a workspace predicate of their own, or null when every
 * reference is scoped. A reference (a table, or its alias) is scoped when its `workspace_id` is compared with a bound
 * value, or with the `workspace_id` of a reference that is; a correlation to an outer table does not scope it. An
 * insert names the column in its list.
 */
export function tenancyViolation(statement: string): string[] | null {
  const sql = CROSS_WORKSPACE_ALLOWED.reduce((rest, a) => rest.replace(a.pattern, ' '), statement);
  const refs: { table: string; name: string; insert: boolean }[] = [];
  for (const m of sql.matchAll(TABLE_REF)) {
    const [, keyword, table, rawAlias] = m as unknown as [string, string, string, string | undefined];
    if (!TENANT_TABLES.has(table)) continue;
    const alias = rawAlias && !NOT_ALIAS.has(bare(rawAlias)) ? bare(rawAlias) : null;
    refs.push({ table, name: alias ?? table, insert: keyword.toLowerCase() === 'into' });
  }
  if (refs.length === 0) return null;
  const scoped = new Set<string>();
  for (const m of sql.matchAll(BOUND)) scoped.add(bare(m[1]!));
  for (const m of sql.matchAll(BOUND_REVERSED)) scoped.add(bare(m[1]!));
  const carried = [...sql.matchAll(CARRIED)].map((m) => [bare(m[1]!), bare(m[2]!)] as const);
  // The unqualified outer column belongs to the statement's first tenant table (the outer FROM).
  for (const m of sql.matchAll(CARRIED_OUTER)) {
    const inner = bare(m[1]!);
    const outer = refs.find((r) => r.name !== inner);
    if (outer) carried.push([inner, outer.name]);
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const [a, b] of carried) {
      if (scoped.has(a) !== scoped.has(b)) {
        scoped.add(a);
        scoped.add(b);
        grew = true;
      }
    }
  }
  const unscoped = [
    ...new Set(refs.filter((r) => !(r.insert ? /"workspace_id"/.test(sql) : scoped.has(r.name))).map((r) => r.table)),
  ];
  return unscoped.length === 0 ? null : unscoped;
}

if (!state.observed.has(queryObservers)) {
  state.observed.add(queryObservers);
  queryObservers.add((sql) => {
    if (!state.apiRequests.getStore()) return;
    state.watched++;
    const tables = tenancyViolation(sql);
    if (tables) state.violations.push(`${tables.join(', ')}: ${sql}`);
  });
}

// Evaluated at the start of every test file: the file answers for the statements of its own requests.
state.violations.length = 0;

afterAll(() => {
  expect(TENANT_TABLES.size).toBeGreaterThan(10);
  const found = [...new Set(state.violations)];
  state.violations.length = 0;
  expect(found, 'statements on tenant tables without a workspace predicate').toEqual([]);
});

import type { ListMonthLogsQuery, MonthLogStatus, PayrollLine } from '@timbro/shared';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../../db/client';
import { monthChanges, monthLogLines, monthLogs, monthLogSheets, users } from '../../db/schema';
import { inEnabledWorkspace, inScope, insertInScope, type WorkspaceScope } from '../../db/scope';

export type MonthLogRow = typeof monthLogs.$inferSelect;

const creator = alias(users, 'creator');
const reopener = alias(users, 'reopener');

/** Admin changes in the month after the version was made (a correlated count, same workspace). */
const changesSince = sql<number>`(select count(*)::int from ${monthChanges} mc where mc.workspace_id = ${monthLogs.workspaceId} and mc.end_of_month = ${monthLogs.endOfMonth} and ${monthLogs.status} = 'completed' and mc.created_at > ${monthLogs.finishedAt})`;
/** Whether no newer version of the month exists. */
const isLatest = sql<boolean>`not exists (select 1 from ${monthLogs} newer where newer.workspace_id = ${monthLogs.workspaceId} and newer.end_of_month = ${monthLogs.endOfMonth} and newer.version_number > ${monthLogs.versionNumber})`;

const listColumns = {
  log: monthLogs,
  creatorFirst: creator.firstName,
  creatorLast: creator.lastName,
  reopenerFirst: reopener.firstName,
  reopenerLast: reopener.lastName,
  changesSince,
  latest: isLatest,
};

function withPeople(q: Queryable) {
  return q
    .select(listColumns)
    .from(monthLogs)
    .leftJoin(creator, eq(creator.id, monthLogs.createdBy))
    .leftJoin(reopener, eq(reopener.id, monthLogs.reopenedBy));
}
export type MonthLogListRow = Awaited<ReturnType<typeof findMonthLog>> & object;

export async function findMonthLog(q: Queryable, scope: WorkspaceScope, id: string) {
  const [row] = await withPeople(q).where(inScope(monthLogs, scope, eq(monthLogs.id, id)));
  return row ?? null;
}

/** One page of versions, newest month first (two queries: the page and the count). */
export async function listMonthLogs(q: Queryable, scope: WorkspaceScope, query: ListMonthLogsQuery) {
  const where = inScope(
    monthLogs,
    scope,
    query.month ? eq(monthLogs.endOfMonth, endOfMonthOf(query.month)) : undefined,
    query.status ? eq(monthLogs.status, query.status) : undefined,
  );
  const dir = query.order === 'asc' ? asc : desc;
  const order =
    query.sort === 'createdAt'
      ? [dir(monthLogs.createdAt), dir(monthLogs.versionNumber)]
      : [dir(monthLogs.endOfMonth), dir(monthLogs.versionNumber)];
  const [rows, [count]] = await Promise.all([
    withPeople(q)
      .where(where)
      .orderBy(...order)
      .limit(query.per_page)
      .offset((query.page - 1) * query.per_page),
    q
      .select({ n: sql<number>`count(*)::int` })
      .from(monthLogs)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The workspace's newest version (newest month, then highest version). */
export async function latestMonthLog(q: Queryable, scope: WorkspaceScope) {
  const [row] = await withPeople(q)
    .where(inScope(monthLogs, scope))
    .orderBy(desc(monthLogs.endOfMonth), desc(monthLogs.versionNumber))
    .limit(1);
  return row ?? null;
}

/** The versions of one month, newest first. */
export function versionsOfMonth(q: Queryable, scope: WorkspaceScope, endOfMonth: string) {
  return q
    .select()
    .from(monthLogs)
    .where(inScope(monthLogs, scope, eq(monthLogs.endOfMonth, endOfMonth)))
    .orderBy(desc(monthLogs.versionNumber));
}

/** YYYY-MM → the month's last day. */
export function endOfMonthOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${month}-${String(last).padStart(2, '0')}`;
}

/**
 * Asks for a new version of the month: the next number, status waiting. The partial unique index refuses a second
 * waiting or running version of the month (the caller turns that into 409).
 */
export async function insertWaiting(
  q: Queryable,
  scope: WorkspaceScope,
  row: { endOfMonth: string; precheck: unknown; forced: boolean; createdBy: string },
) {
  const [max] = await q
    .select({ n: sql<number>`coalesce(max(${monthLogs.versionNumber}), 0)::int` })
    .from(monthLogs)
    .where(inScope(monthLogs, scope, eq(monthLogs.endOfMonth, row.endOfMonth)));
  const [created] = await insertInScope(q, scope, monthLogs, {
    ...row,
    versionNumber: (max?.n ?? 0) + 1,
    status: 'waiting',
  }).returning();
  return created!;
}

export async function setStatus(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  from: MonthLogStatus[],
  values: Partial<typeof monthLogs.$inferInsert>,
) {
  const [row] = await q
    .update(monthLogs)
    .set(values)
    .where(inScope(monthLogs, scope, eq(monthLogs.id, id), inArray(monthLogs.status, from)))
    .returning();
  return row ?? null;
}

/**
 * The job's claim: the oldest waiting version, or a running one whose heartbeat stopped (its process died), moved to
 * in_progress with one more attempt. Across workspaces by design (one queue for every company); SKIP LOCKED lets
 * several processes claim different versions.
 */
export async function claimNext(db: Db, staleSeconds: number): Promise<MonthLogRow | null> {
  const res = await db.execute(sql`
    update ${monthLogs} set status = 'in_progress', attempts = ${monthLogs.attempts} + 1, heartbeat_at = now(),
      started_at = coalesce(${monthLogs.startedAt}, now()), progress_done = 0
    where ${monthLogs.id} = (
      select ml.id from ${monthLogs} ml
      where (ml.status = 'waiting' or (ml.status = 'in_progress' and ml.heartbeat_at < now() - make_interval(secs => ${staleSeconds})))
        and ${inEnabledWorkspace(sql`ml.workspace_id`)}
      order by ml.created_at limit 1 for update skip locked)
    returning ${monthLogs.id} as id, ${monthLogs.workspaceId} as workspace_id`);
  const row = (res as unknown as { rows: { id: string; workspace_id: string }[] }).rows[0];
  if (!row) return null;
  const [full] = await db.select().from(monthLogs).where(eq(monthLogs.id, row.id));
  return full ?? null;
}

/** The running version's progress and heartbeat (only while it is still the one running). */
export async function beat(q: Queryable, scope: WorkspaceScope, id: string, done: number, total: number) {
  await q
    .update(monthLogs)
    .set({ progressDone: done, progressTotal: total, heartbeatAt: new Date() })
    .where(inScope(monthLogs, scope, eq(monthLogs.id, id), eq(monthLogs.status, 'in_progress')));
}

export interface FrozenSheet {
  userInfoId: string;
  firstName: string;
  lastName: string;
  days: unknown;
  totals: unknown;
  balances: Record<string, number>;
}

/**
 * Writes a version's frozen sheets and lines: one statement each whatever their number (the rows travel as one JSON
 * parameter, even when empty, so the count of statements never depends on the data). Rows an earlier attempt left
 * are removed first, so the write is idempotent.
 */
export async function writeVersion(
  q: Queryable,
  scope: WorkspaceScope,
  id: string,
  sheets: FrozenSheet[],
  lines: PayrollLine[],
) {
  await q.delete(monthLogLines).where(inScope(monthLogLines, scope, eq(monthLogLines.monthLogId, id)));
  await q.delete(monthLogSheets).where(inScope(monthLogSheets, scope, eq(monthLogSheets.monthLogId, id)));
  await q.execute(sql`
      insert into ${monthLogSheets} ("workspace_id", month_log_id, user_info_id, first_name, last_name, days, totals, balances)
      select ${scope.workspaceId}::uuid, ${id}::uuid, s.user_info_id, s.first_name, s.last_name, s.days, s.totals, s.balances
      from jsonb_to_recordset(${JSON.stringify(
        sheets.map((s) => ({
          user_info_id: s.userInfoId,
          first_name: s.firstName,
          last_name: s.lastName,
          days: s.days,
          totals: s.totals,
          balances: s.balances,
        })),
      )}::jsonb) as s(user_info_id uuid, first_name text, last_name text, days jsonb, totals jsonb, balances jsonb)`);
  await q.execute(sql`
      insert into ${monthLogLines} ("workspace_id", month_log_id, user_info_id, date, item, minutes)
      select ${scope.workspaceId}::uuid, ${id}::uuid, l.u, l.d, l.i, l.m
      from jsonb_to_recordset(${JSON.stringify(
        lines.map((l) => ({ u: l.userInfoId, d: l.date, i: l.item, m: l.minutes })),
      )}::jsonb) as l(u uuid, d date, i text, m int)`);
}

/** A version's lines, in key order. */
export async function linesOf(q: Queryable, scope: WorkspaceScope, id: string): Promise<PayrollLine[]> {
  return q
    .select({
      userInfoId: monthLogLines.userInfoId,
      date: monthLogLines.date,
      item: monthLogLines.item,
      minutes: monthLogLines.minutes,
    })
    .from(monthLogLines)
    .where(inScope(monthLogLines, scope, eq(monthLogLines.monthLogId, id)))
    .orderBy(asc(monthLogLines.userInfoId), asc(monthLogLines.date), asc(monthLogLines.item));
}

/** A version's frozen employees, in name order. */
export function sheetsOf(q: Queryable, scope: WorkspaceScope, id: string) {
  return q
    .select({
      userInfoId: monthLogSheets.userInfoId,
      firstName: monthLogSheets.firstName,
      lastName: monthLogSheets.lastName,
      totals: monthLogSheets.totals,
      balances: monthLogSheets.balances,
    })
    .from(monthLogSheets)
    .where(inScope(monthLogSheets, scope, eq(monthLogSheets.monthLogId, id)))
    .orderBy(asc(sql`lower(${monthLogSheets.lastName})`), asc(sql`lower(${monthLogSheets.firstName})`));
}

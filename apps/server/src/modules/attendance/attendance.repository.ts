// Longer than 300 lines: the batch loaders of the attendance engine's inputs (contracts with their slots, the shift
// plan, holidays, punches, requests, the timesheet's people), each with its stated query count, read together by the
// day sheets, the timesheet, the closing and the dashboard — one read model, kept in one file on purpose.
import {
  addDays,
  expandHolidays,
  type ContractForDay,
  type HolidayOccurrence,
  type IsoDate,
  type PlannedShift,
} from '@timbro/shared';
import { asc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { assignedIn, shiftAssignees } from '../../db/assigned-shifts';
import type { Queryable } from '../../db/client';
import {
  contracts,
  contractTimeSlots,
  groupMembers,
  holidays,
  justificationRequests,
  justifications,
  punches,
  userInfos,
  users,
  workShiftAssignees,
  workShifts,
} from '../../db/schema';
import { existsInScope, inScope, joinInScope, type WorkspaceScope } from '../../db/scope';
import { likePattern, nameKey } from '../../db/sql';

export type PunchRow = typeof punches.$inferSelect;
export type RequestRow = typeof justificationRequests.$inferSelect;
export type JustificationRow = typeof justifications.$inferSelect;
export type JustificationRef = {
  id: string;
  code: string;
  name: string;
  unit: 'hour' | 'day';
  impact: 'decrease' | 'increase' | 'nothing';
};
export type RequestWithJustification = RequestRow & {
  justification: JustificationRef;
  employee: { id: string; firstName: string; lastName: string };
};
export type ContractWithSlots = ContractForDay & { id: string; userInfoId: string };

/** A punch as the engine reads it: the instant as an ISO string, no other column. */
export type EnginePunch = { id: string; userInfoId: string; at: string; direction: 'in' | 'out' };

/**
 * Everything the attendance engine needs for some employees over a date range. `P` is the punch row: the whole row
 * where the punches are shown (the day view), only what the engine reads where they are not (timesheet, closing).
 */
export interface AttendanceInputs<P extends { id: string; direction: 'in' | 'out' } = EnginePunch | PunchRow> {
  contracts: Map<string, ContractWithSlots[]>;
  holidays: HolidayOccurrence[];
  punches: Map<string, P[]>;
  requests: Map<string, RequestWithJustification[]>;
}

function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

/**
 * The published shifts of the employees that start in [from, to], by person and day: one query. The one place the
 * roster reaches attendance: `loadContracts` attaches them to the contracts, and through them the engine, the
 * timesheet, the requests and the month closing take a turn-based day's expected time (ADR 0022).
 */
export async function loadShiftPlan(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
): Promise<Map<string, Map<IsoDate, PlannedShift[]>>> {
  const out = new Map<string, Map<IsoDate, PlannedShift[]>>();
  if (userInfoIds.length === 0) return out;
  const rows = await q
    .select({
      userInfoId: workShiftAssignees.userInfoId,
      id: workShifts.id,
      date: workShifts.date,
      startsAt: workShifts.startsAt,
      endsAt: workShifts.endsAt,
      workMinutes: workShifts.workMinutes,
    })
    .from(workShifts)
    .innerJoin(workShiftAssignees, shiftAssignees())
    .where(
      assignedIn(scope, { people: inArray(workShiftAssignees.userInfoId, userInfoIds), from, to, published: true }),
    )
    .orderBy(asc(workShifts.startsAt));
  for (const r of rows) {
    let days = out.get(r.userInfoId);
    if (!days) out.set(r.userInfoId, (days = new Map()));
    const shift = {
      id: r.id,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      workMinutes: r.workMinutes,
    };
    const list = days.get(r.date);
    if (list) list.push(shift);
    else days.set(r.date, [shift]);
  }
  return out;
}

/**
 * Contracts (with their weekly slots and the person's published shifts of [from, to]) of the employees that overlap
 * [from, to]: three queries (two when no contract overlaps).
 */
export async function loadContracts(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
) {
  if (userInfoIds.length === 0) return new Map<string, ContractWithSlots[]>();
  const rows = await q
    .select()
    .from(contracts)
    .where(
      inScope(
        contracts,
        scope,
        inArray(contracts.userInfoId, userInfoIds),
        lte(contracts.startsAt, to),
        or(isNull(contracts.endsAt), gte(contracts.endsAt, from)),
      ),
    )
    .orderBy(asc(contracts.startsAt));
  if (rows.length === 0) return new Map<string, ContractWithSlots[]>();
  const [slots, plan] = await Promise.all([
    q
      .select()
      .from(contractTimeSlots)
      .where(
        inScope(
          contractTimeSlots,
          scope,
          inArray(
            contractTimeSlots.contractId,
            rows.map((r) => r.id),
          ),
        ),
      ),
    loadShiftPlan(q, scope, [...new Set(rows.map((r) => r.userInfoId))], from, to),
  ]);
  const slotsBy = groupBy(slots, (s) => s.contractId);
  return groupBy(
    rows.map((c) => ({
      id: c.id,
      userInfoId: c.userInfoId,
      type: c.type,
      startsAt: c.startsAt,
      endsAt: c.endsAt,
      timeSlots: slotsBy.get(c.id) ?? [],
      shifts: plan.get(c.userInfoId),
    })),
    (c) => c.userInfoId,
  );
}

/** The workspace's holidays expanded into dates of [from, to]: one query. */
export async function loadHolidays(q: Queryable, scope: WorkspaceScope, from: IsoDate, to: IsoDate) {
  const rules = await q.select().from(holidays).where(inScope(holidays, scope));
  return expandHolidays(rules, from, to);
}

/** The punches of the people `who` selects on the local dates [from, to]. */
export const punchesIn = (scope: WorkspaceScope, who: SQL, from: IsoDate, to: IsoDate): SQL =>
  inScope(punches, scope, who, gte(punches.localDate, from), lte(punches.localDate, to));

/** The punches the engine pairs for [from, to]: those of [from − 1, to + 1] (the two reads below say why). */
const punchesAround = (scope: WorkspaceScope, userInfoIds: string[], from: IsoDate, to: IsoDate) =>
  punchesIn(scope, inArray(punches.userInfoId, userInfoIds), addDays(from, -1), addDays(to, 1));

/**
 * Punches of [from − 1, to + 1]: the day before is needed to pair a night shift that started then, the day after to
 * close a shift of the last day that ends after midnight. One query.
 */
export async function loadPunches(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
) {
  if (userInfoIds.length === 0) return new Map<string, PunchRow[]>();
  const rows = await q
    .select()
    .from(punches)
    .where(punchesAround(scope, userInfoIds, from, to))
    .orderBy(asc(punches.at), asc(punches.id));
  return groupBy(rows, (p) => p.userInfoId);
}

/**
 * The punches of [from − 1, to + 1] with only the columns the engine reads: id, employee, the instant as the ISO text
 * `Date#toISOString` gives (made by the database) and direction. The timesheet and the month closing load tens of
 * thousands of them, so the rows come back as the driver reads them, with no `Date` and no ORM mapping per row. One
 * query.
 */
export async function loadEnginePunches(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
) {
  if (userInfoIds.length === 0) return new Map<string, EnginePunch[]>();
  const res = await q.execute(sql`
    select ${punches.id} as "id", ${punches.userInfoId} as "userInfoId",
      to_char(${punches.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "at", ${punches.direction} as "direction"
    from ${punches}
    where ${punchesAround(scope, userInfoIds, from, to)}
    order by ${punches.at}, ${punches.id}`);
  return groupBy((res as unknown as { rows: EnginePunch[] }).rows, (p) => p.userInfoId);
}

const requestColumns = {
  r: justificationRequests,
  j: {
    id: justifications.id,
    code: justifications.code,
    name: justifications.name,
    unit: justifications.unit,
    impact: justifications.impact,
  },
  u: { id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName },
};

/** Requests with their justification and employee, from one select (join), in a caller-given condition. */
export function selectRequests(q: Queryable) {
  return q
    .select(requestColumns)
    .from(justificationRequests)
    .innerJoin(
      justifications,
      joinInScope(justificationRequests, justifications, eq(justifications.id, justificationRequests.justificationId)),
    )
    .innerJoin(
      userInfos,
      joinInScope(justificationRequests, userInfos, eq(userInfos.id, justificationRequests.userInfoId)),
    )
    .innerJoin(users, eq(users.id, userInfos.userId));
}

export function toRequest(row: {
  r: RequestRow;
  j: JustificationRef;
  u: { id: string; firstName: string; lastName: string };
}): RequestWithJustification {
  return { ...row.r, justification: row.j, employee: row.u };
}

/** Requests (every status) of the employees in [from, to]: one query. */
export async function loadRequests(
  q: Queryable,
  scope: WorkspaceScope,
  userInfoIds: string[],
  from: IsoDate,
  to: IsoDate,
) {
  if (userInfoIds.length === 0) return new Map<string, RequestWithJustification[]>();
  const rows = await selectRequests(q)
    .where(
      inScope(
        justificationRequests,
        scope,
        inArray(justificationRequests.userInfoId, userInfoIds),
        gte(justificationRequests.date, from),
        lte(justificationRequests.date, to),
      ),
    )
    .orderBy(
      asc(justificationRequests.date),
      asc(justificationRequests.startsAtMinutes),
      asc(justificationRequests.createdAt),
    );
  return groupBy(rows.map(toRequest), (r) => r.userInfoId);
}

/** What a read of the engine's inputs takes: the employees and the dates [from, to], in a workspace. */
type InputsOf = [q: Queryable, scope: WorkspaceScope, userInfoIds: string[], from: IsoDate, to: IsoDate];

/** All inputs of the engine for these employees: five queries whatever their number (no N+1). */
export function loadAttendanceInputs(...of: InputsOf): Promise<AttendanceInputs<EnginePunch>> {
  return loadInputs(loadEnginePunches, ...of);
}

/** The same inputs with whole punch rows, for a view that shows the punches themselves. Four (five) queries. */
export function loadAttendanceInputsWithPunches(...of: InputsOf): Promise<AttendanceInputs<PunchRow>> {
  return loadInputs(loadPunches, ...of);
}

/** The engine's inputs with the punches as `punchesOf` reads them, the four reads at once. */
async function loadInputs<P extends EnginePunch | PunchRow>(
  punchesOf: (...of: InputsOf) => Promise<Map<string, P[]>>,
  ...[q, scope, userInfoIds, from, to]: InputsOf
): Promise<AttendanceInputs<P>> {
  const [c, h, p, r] = await Promise.all([
    loadContracts(q, scope, userInfoIds, from, to),
    loadHolidays(q, scope, from, to),
    punchesOf(q, scope, userInfoIds, from, to),
    loadRequests(q, scope, userInfoIds, from, to),
  ]);
  return { contracts: c, holidays: h, punches: p, requests: r };
}

/** Names of employees of the workspace, in name order: one query. */
export async function loadPeople(q: Queryable, scope: WorkspaceScope, userInfoIds: string[]) {
  if (userInfoIds.length === 0) return [];
  return q
    .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(inScope(userInfos, scope, inArray(userInfos.id, userInfoIds)))
    .orderBy(sql`lower(${userInfos.lastName})`, sql`lower(${userInfos.firstName})`, asc(userInfos.id));
}

/** "Is in this group", for a query over userInfos (a sub-select that carries the workspace). */
export const userInGroup = (groupId: string) =>
  existsInScope(
    groupMembers,
    userInfos.workspaceId,
    eq(groupMembers.userInfoId, userInfos.id),
    eq(groupMembers.groupId, groupId),
  );

/** Employees to show when none are named: the enabled members of the workspace (or of a group). One query. */
export async function defaultPeople(q: Queryable, scope: WorkspaceScope, groupId?: string) {
  const rows = await q
    .select({ id: userInfos.id })
    .from(userInfos)
    .where(
      inScope(
        userInfos,
        scope,
        eq(userInfos.isMember, true),
        eq(userInfos.enabled, true),
        groupId ? userInGroup(groupId) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

function timesheetWhere(scope: WorkspaceScope, query: { group_id?: string; search?: string }): SQL {
  const search = query.search ? likePattern(query.search) : null;
  return inScope(
    userInfos,
    scope,
    eq(userInfos.isMember, true),
    query.group_id ? userInGroup(query.group_id) : undefined,
    search
      ? or(
          ilike(userInfos.firstName, search),
          ilike(userInfos.lastName, search),
          ilike(sql`${userInfos.firstName} || ' ' || ${userInfos.lastName}`, search),
        )
      : undefined,
  );
}

/** The employees of a timesheet in name order (a page of them, or all for the export): one query. */
export function timesheetPeople(
  q: Queryable,
  scope: WorkspaceScope,
  query: { group_id?: string; search?: string },
  page?: { limit: number; offset: number },
) {
  const base = q
    .select({ id: userInfos.id, firstName: userInfos.firstName, lastName: userInfos.lastName })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(timesheetWhere(scope, query))
    .orderBy(asc(nameKey(userInfos.lastName)), asc(nameKey(userInfos.firstName)), asc(userInfos.id));
  return page ? base.limit(page.limit).offset(page.offset) : base;
}

export async function countTimesheetPeople(
  q: Queryable,
  scope: WorkspaceScope,
  query: { group_id?: string; search?: string },
) {
  const [count] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(userInfos)
    .innerJoin(users, eq(users.id, userInfos.userId))
    .where(timesheetWhere(scope, query));
  return count?.n ?? 0;
}

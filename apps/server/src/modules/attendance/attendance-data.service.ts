import {
  attMsg,
  computeSheets,
  contractOn,
  peopleMsg,
  resolveAutoApprove,
  sumSheets,
  weeklyMinutes,
  type AttendanceData,
  type AttendanceDataQuery,
  type DaySheet,
  type DaySheetDto,
  type PunchInput,
  type HolidayOccurrence,
  type IsoDate,
  type TimesheetPage,
  type TimesheetQuery,
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { forbidden, notFound } from '../../lib/errors';
import { todayIn } from '../../lib/time';
import type { RequestCtx } from '../../plugins/request-context';
import {
  countTimesheetPeople,
  defaultPeople,
  loadAttendanceInputs,
  loadAttendanceInputsWithPunches,
  loadContracts,
  loadPeople,
  timesheetPeople,
  type AttendanceInputs,
  type EnginePunch,
  type PunchRow,
} from './attendance.repository';
import { clockState, presentPunch } from './punches.service';
import { presentRequest } from './requests.rules';

/** The employees of the timesheet's filters (a page, in name order): the planning grid uses them. */
export const employeesPage = (...args: Parameters<typeof timesheetPeople>) => timesheetPeople(...args);

/** How many employees the timesheet's filters match: the planning grid's total. */
export const countEmployees = (...args: Parameters<typeof countTimesheetPeople>) => countTimesheetPeople(...args);

/** The engine's view of punch rows: narrow rows (instant as text) go as they are, whole rows are converted. */
function enginePunches(rows: (EnginePunch | PunchRow)[]): PunchInput[] {
  if (rows.length === 0 || typeof rows[0]!.at === 'string') return rows as EnginePunch[];
  return (rows as PunchRow[]).map((p) => ({ id: p.id, at: p.at.toISOString(), direction: p.direction }));
}

/**
 * Day sheets of one person from loaded inputs (pure: no query). Approved requests only count; pending and rejected
 * ones are shown by the calendar but change no figure. A turn-based contract's days come from the published shifts
 * its loader attached (`loadContracts`, ADR 0022).
 */
export function sheetsOf(
  inputs: AttendanceInputs,
  userInfoId: string,
  from: IsoDate,
  to: IsoDate,
  timeZone: string,
  now: Date,
): DaySheet[] {
  const contracts = inputs.contracts.get(userInfoId) ?? [];
  return computeSheets({
    from,
    to,
    timeZone,
    now: now.toISOString(),
    contracts,
    holidays: new Set(inputs.holidays.map((h) => h.date)),
    punches: enginePunches(inputs.punches.get(userInfoId) ?? []),
    requests: (inputs.requests.get(userInfoId) ?? [])
      .filter((r) => r.status === 'approved')
      .map((r) => ({
        id: r.id,
        date: r.date,
        justificationId: r.justificationId,
        impact: r.justification.impact,
        unit: r.justification.unit,
        category: r.category,
        wholeDay: r.wholeDay,
        startsAtMinutes: r.startsAtMinutes,
        endsAtMinutes: r.endsAtMinutes,
        amount: r.amount,
      })),
  });
}

function withHoliday(sheet: DaySheet, holidays: HolidayOccurrence[]): DaySheetDto {
  const h = holidays.find((o) => o.date === sheet.date);
  return { ...sheet, anomalies: [...sheet.anomalies], holiday: h ? { name: h.name, icon: h.icon } : null };
}

/**
 * GET /attendance/attendance-data: day sheets with every component (expected, worked, increase, decrease, covered,
 * balance, pairs, request effects, anomalies), punches and requests of the people in [from, to]. An employee without
 * the read-any permission sees only themself (colleagues' data is private). Fixed number of queries.
 */
export async function attendanceData(
  deps: AppDeps,
  ctx: RequestCtx,
  canReadAny: boolean,
  query: AttendanceDataQuery,
): Promise<AttendanceData> {
  const { scope } = ctx;
  let ids: string[];
  if (!canReadAny) {
    const own = ctx.actor.userInfoId;
    if (!own) throw forbidden(attMsg.noMembership);
    if ((query.user_info_ids ?? []).some((id) => id !== own) || query.group_id) throw forbidden(attMsg.foreignUserInfo);
    ids = [own];
  } else {
    ids = query.user_info_ids?.length
      ? [...new Set(query.user_info_ids)]
      : await defaultPeople(deps.db, scope, query.group_id);
  }
  const [people, inputs] = await Promise.all([
    loadPeople(deps.db, scope, ids),
    loadAttendanceInputsWithPunches(deps.db, scope, ids, query.from, query.to),
  ]);
  if (query.user_info_ids?.length && people.length !== ids.length) throw notFound(peopleMsg.userNotFound);
  const tz = ctx.timeZone;
  const now = new Date();
  return {
    from: query.from,
    to: query.to,
    timeZone: tz,
    today: todayIn(tz, now),
    users: people.map((p) => {
      const sheets = sheetsOf(inputs, p.id, query.from, query.to, tz, now);
      const days = (query.mode === 'anomalies' ? sheets.filter((s) => s.anomalies.length > 0) : sheets).map((s) =>
        withHoliday(s, inputs.holidays),
      );
      return {
        userInfo: p,
        days,
        totals: sumSheets(sheets),
        punches: (inputs.punches.get(p.id) ?? [])
          .filter((x) => x.localDate >= query.from && x.localDate <= query.to)
          .map(presentPunch),
        requests: (inputs.requests.get(p.id) ?? []).map(presentRequest),
      };
    }),
  };
}

/** GET /attendance/user-info/current: the signed-in person's attendance record in the active workspace. */
export async function currentInfo(deps: AppDeps, ctx: RequestCtx) {
  const { scope } = ctx;
  const membership = ctx.membership!;
  const tz = ctx.timeZone;
  const today = todayIn(tz);
  const own = membership.userInfoId;
  const contracts = own ? ((await loadContracts(deps.db, scope, [own], today, today)).get(own) ?? []) : [];
  const c = contractOn(contracts, today);
  return {
    workspaceId: membership.workspaceId,
    userInfoId: own,
    autoApprove: resolveAutoApprove(membership.autoApprove, membership.workspaceAutoApprove),
    timeZone: tz,
    today,
    contract: c
      ? { id: c.id, type: c.type, startsAt: c.startsAt, endsAt: c.endsAt, weeklyMinutes: weeklyMinutes(c.timeSlots) }
      : null,
    clock: own ? await clockState(deps.db, scope, tz, own) : null,
  };
}

/** One timesheet row per employee: per-day expected/worked/justified/balance and the month totals. */
function timesheetRows(
  inputs: AttendanceInputs,
  people: { id: string; firstName: string; lastName: string }[],
  from: IsoDate,
  to: IsoDate,
  tz: string,
) {
  const holidaySet = new Set(inputs.holidays.map((h) => h.date));
  const now = new Date();
  return people.map((p) => {
    const sheets = sheetsOf(inputs, p.id, from, to, tz, now);
    return {
      userInfo: p,
      days: sheets.map((s) => ({
        date: s.date,
        expected: s.expected,
        worked: s.worked,
        justified: s.covered + s.increase - s.decrease,
        balance: s.balance,
        anomalies: s.anomalies.length,
        holiday: holidaySet.has(s.date),
        open: s.open,
      })),
      totals: sumSheets(sheets),
    };
  });
}

/**
 * GET /attendance/attendance-data/timesheet: employees × days, paginated in SQL by employee (name order). Queries:
 * the page, the count and the five engine inputs — the same whatever the number of employees.
 */
export async function timesheet(deps: AppDeps, ctx: RequestCtx, query: TimesheetQuery): Promise<TimesheetPage> {
  const { scope, timeZone } = ctx;
  const [page, total] = await Promise.all([
    timesheetPeople(deps.db, scope, query, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    countTimesheetPeople(deps.db, scope, query),
  ]);
  const inputs = await loadAttendanceInputs(
    deps.db,
    scope,
    page.map((p) => p.id),
    query.from,
    query.to,
  );
  return {
    from: query.from,
    to: query.to,
    items: timesheetRows(inputs, page, query.from, query.to, timeZone),
    total,
    page: query.page,
    perPage: query.per_page,
  };
}

/** Every row of the timesheet (for the export), in name order. */
export async function timesheetAll(
  deps: AppDeps,
  ctx: Pick<RequestCtx, 'scope' | 'timeZone'>,
  query: { from: IsoDate; to: IsoDate; group_id?: string; search?: string },
) {
  const { scope, timeZone } = ctx;
  const people = await timesheetPeople(deps.db, scope, query);
  const inputs = await loadAttendanceInputs(
    deps.db,
    scope,
    people.map((p) => p.id),
    query.from,
    query.to,
  );
  return { holidays: inputs.holidays, rows: timesheetRows(inputs, people, query.from, query.to, timeZone) };
}

/**
 * Every member with a contract in [from, to], with their open requests, and their day sheets on demand (the month
 * closing computes them one by one, reporting progress): six queries whatever the number of employees.
 */
export async function everyonesSheets(
  deps: AppDeps,
  ctx: Pick<RequestCtx, 'scope' | 'timeZone'>,
  from: IsoDate,
  to: IsoDate,
  now = new Date(),
) {
  const people = await timesheetPeople(deps.db, ctx.scope, {});
  const inputs = await loadAttendanceInputs(
    deps.db,
    ctx.scope,
    people.map((p) => p.id),
    from,
    to,
  );
  return people
    .filter((p) => (inputs.contracts.get(p.id) ?? []).length > 0)
    .map((p) => ({
      userInfo: p,
      sheets: () => sheetsOf(inputs, p.id, from, to, ctx.timeZone, now),
      openRequests: (inputs.requests.get(p.id) ?? [])
        .filter((r) => r.status === 'open')
        .map((r) => ({ id: r.id, date: r.date, justificationId: r.justificationId })),
    }));
}

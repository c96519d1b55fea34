import { ErrorCode, OVERTIME_ITEM, WORKED_ITEM, diffLines, monthMsg, type MonthLogDiff } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { RequestCtx } from '../../plugins/request-context';
import { payrollCodes, type PayrollCodes } from '../payroll-settings';
import * as repo from './month-logs.repository';

// Comparing versions: the diff the page shows, and the lines a payroll file is made from (all, or the changes only).

/** The label of a line's item: worked, overtime, or the absence type's code and name. */
export function itemLabel(item: string, codes: PayrollCodes) {
  if (item === WORKED_ITEM) return monthMsg.itemWorked;
  if (item === OVERTIME_ITEM) return monthMsg.itemOvertime;
  const j = codes.justifications.get(item);
  return j ? `${j.code} — ${j.name}` : item;
}

/**
 * The completed version a diff compares with: the one asked for (same month), or the previous completed one. `field`
 * names the request field that asked for it (the diff's `against`, the export's `changesSince`) in the field error.
 */
export async function baseVersion(
  q: Queryable,
  scope: WorkspaceScope,
  log: repo.MonthLogRow,
  against?: string,
  field: 'against' | 'changesSince' = 'against',
) {
  const versions = await repo.versionsOfMonth(q, scope, log.endOfMonth);
  if (against) {
    const base = versions.find((v) => v.id === against && v.id !== log.id && v.status === 'completed');
    if (!base)
      throw new AppError(ErrorCode.VALIDATION_FAILED, monthMsg.againstInvalid, {
        errors: [{ path: field, message: monthMsg.againstInvalid }],
      });
    return base;
  }
  return versions.find((v) => v.versionNumber < log.versionNumber && v.status === 'completed') ?? null;
}

/** GET /admin/month-log/{id}/diff: per employee, day and item, the minutes before and after (unchanged left out). */
export async function diff(deps: AppDeps, ctx: RequestCtx, id: string, against?: string): Promise<MonthLogDiff> {
  const found = await repo.findMonthLog(deps.db, ctx.scope, id);
  if (!found) throw notFound(monthMsg.monthLogNotFound);
  if (found.log.status !== 'completed') throw conflict(monthMsg.notCompleted);
  const base = await baseVersion(deps.db, ctx.scope, found.log, against);
  const to = { id, versionNumber: found.log.versionNumber };
  if (!base) return { from: null, to, rows: [] };
  const [before, after, names, codes] = await Promise.all([
    repo.linesOf(deps.db, ctx.scope, base.id),
    repo.linesOf(deps.db, ctx.scope, id),
    Promise.all([repo.sheetsOf(deps.db, ctx.scope, base.id), repo.sheetsOf(deps.db, ctx.scope, id)]),
    payrollCodes(deps.db, ctx.scope),
  ]);
  const who = new Map(names.flat().map((s) => [s.userInfoId, `${s.lastName} ${s.firstName}`]));
  return {
    from: { id: base.id, versionNumber: base.versionNumber },
    to,
    rows: diffLines(before, after).map((c) => ({
      userInfo: { id: c.userInfoId, name: who.get(c.userInfoId) ?? '' },
      date: c.date,
      item: c.item,
      itemLabel: itemLabel(c.item, codes),
      before: c.before,
      after: c.after,
    })),
  };
}

/**
 * What a payroll file is made from: a completed version's lines, or — for a changes-only file — the lines that differ
 * from an older completed version of the month, each with its new minutes (0 when the line went away).
 */
export async function exportSource(deps: AppDeps, ctx: Pick<RequestCtx, 'scope'>, id: string, changesSince?: string) {
  const found = await repo.findMonthLog(deps.db, ctx.scope, id);
  if (!found) throw notFound(monthMsg.monthLogNotFound);
  if (found.log.status !== 'completed') throw conflict(monthMsg.notCompleted);
  const base = changesSince ? await baseVersion(deps.db, ctx.scope, found.log, changesSince, 'changesSince') : null;
  const [lines, sheets] = await Promise.all([
    repo.linesOf(deps.db, ctx.scope, id),
    repo.sheetsOf(deps.db, ctx.scope, id),
  ]);
  const names = new Map(sheets.map((s) => [s.userInfoId, { firstName: s.firstName, lastName: s.lastName }]));
  if (!base) return { log: found.log, base: null, lines, names };
  const before = await repo.linesOf(deps.db, ctx.scope, base.id);
  for (const s of await repo.sheetsOf(deps.db, ctx.scope, base.id))
    if (!names.has(s.userInfoId)) names.set(s.userInfoId, { firstName: s.firstName, lastName: s.lastName });
  return {
    log: found.log,
    base,
    lines: diffLines(before, lines).map((c) => ({
      userInfoId: c.userInfoId,
      date: c.date,
      item: c.item,
      minutes: c.after,
    })),
    names,
  };
}

import {
  ErrorCode,
  monthMsg,
  type ClosedMonths,
  type CloseMonthInput,
  type ListMonthLogsQuery,
  type MonthChange,
  type MonthLog,
  type MonthLogDetail,
  type MonthLogPage,
  type Precheck,
} from '@timbro/shared';
import type { AppDeps } from '../../deps';
import { limitWork } from '../../lib/work-limits';
import { audit } from '../../lib/audit';
import { AppError, conflict, notFound } from '../../lib/errors';
import { todayIn } from '../../lib/time';
import type { RequestCtx } from '../../plugins/request-context';
import { payrollCodes } from '../payroll-settings';
import { computeMonth, monthRange } from './month-compute';
import { presentMonthLog } from './month-logs.presenter';
import { changesAfter, closedMonths as closedMonthEnds } from './month-lock.repository';
import * as repo from './month-logs.repository';
import { precheckOf } from './precheck';

/** GET /admin/month-log/precheck: the pre-close check of a month, as it stands now. */
export async function precheck(deps: AppDeps, ctx: RequestCtx, month: string): Promise<Precheck> {
  assertNotFuture(ctx, month);
  const [employees, codes] = await Promise.all([computeMonth(deps, ctx, month), payrollCodes(deps.db, ctx.scope)]);
  return precheckOf(month, monthRange(month).to, todayIn(ctx.timeZone), employees, codes);
}

function assertNotFuture(ctx: Pick<RequestCtx, 'timeZone'>, month: string) {
  if (`${month}-01` > todayIn(ctx.timeZone))
    throw new AppError(ErrorCode.VALIDATION_FAILED, monthMsg.monthInFuture, {
      errors: [{ path: 'month', message: monthMsg.monthInFuture }],
    });
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * POST /admin/month-log: close a month (a new version, waiting for the job). The check runs first; with problems the
 * close needs `force`, and a forced close records the check on the version and in the audit log. A second close
 * while one is waiting or running is a 409 (the partial unique index decides, even between processes).
 */
export async function closeMonth(deps: AppDeps, ctx: RequestCtx, input: CloseMonthInput): Promise<MonthLog> {
  const month = input.month;
  assertNotFuture(ctx, month);
  await limitWork(deps.db, 'month-close', { userId: ctx.actor.userId, workspaceId: ctx.scope.workspaceId });
  // Without `force` the check runs here and a problem refuses the close. With it, the admin has seen the check and
  // closes anyway: the job runs the check on the very data it freezes and stores it on the version (ADR 0018).
  if (!input.force) {
    const check = await precheck(deps, ctx, month);
    if (check.problems > 0)
      throw conflict(monthMsg.precheckNotConfirmed, [{ path: 'force', message: monthMsg.precheckNotConfirmed }]);
  }
  let id: string;
  try {
    id = await deps.db.transaction(async (tx) => {
      const row = await repo.insertWaiting(tx, ctx.scope, {
        endOfMonth: monthRange(month).to,
        precheck: {},
        forced: input.force ?? false,
        createdBy: ctx.actor.userId,
      });
      await audit(tx, ctx, {
        action: 'month-log.close',
        entity: { type: 'month-log', id: row.id },
        changes: { month, version: row.versionNumber, force: input.force ?? false },
      });
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(monthMsg.alreadyRunning);
    throw err;
  }
  await deps.triggerJob('month-close');
  return getMonthLog(deps, ctx, id);
}

export async function getMonthLog(deps: AppDeps, ctx: Pick<RequestCtx, 'scope'>, id: string): Promise<MonthLog> {
  const row = await repo.findMonthLog(deps.db, ctx.scope, id);
  if (!row) throw notFound(monthMsg.monthLogNotFound);
  return presentMonthLog(row);
}

/** The versions of a month (id and number), newest first: one query. */
export async function versionNumbersOfMonth(deps: AppDeps, ctx: Pick<RequestCtx, 'scope'>, endOfMonth: string) {
  const rows = await repo.versionsOfMonth(deps.db, ctx.scope, endOfMonth);
  return rows.map((r) => ({ id: r.id, versionNumber: r.versionNumber }));
}

export async function listMonthLogs(deps: AppDeps, ctx: RequestCtx, query: ListMonthLogsQuery): Promise<MonthLogPage> {
  const { rows, total } = await repo.listMonthLogs(deps.db, ctx.scope, query);
  return { items: rows.map(presentMonthLog), total, page: query.page, perPage: query.per_page };
}

/** GET /attendance/admin/month-log/latest (spec §7). */
export async function latestMonthLog(deps: AppDeps, ctx: RequestCtx): Promise<MonthLog | null> {
  const row = await repo.latestMonthLog(deps.db, ctx.scope);
  return row ? presentMonthLog(row) : null;
}

/** GET /attendance/ajax/closed-months: the months the lock refuses employees' changes in (the same query as the lock). */
export async function closedMonths(deps: AppDeps, ctx: RequestCtx): Promise<ClosedMonths> {
  const ends = await closedMonthEnds(deps.db, ctx.scope);
  return { months: ends.map((d) => d.slice(0, 7)).sort() };
}

/** A version with its frozen employees (totals and balances) and the absence types they name. */
export async function monthLogDetail(deps: AppDeps, ctx: RequestCtx, id: string): Promise<MonthLogDetail> {
  const log = await getMonthLog(deps, ctx, id);
  const [sheets, codes] = await Promise.all([repo.sheetsOf(deps.db, ctx.scope, id), payrollCodes(deps.db, ctx.scope)]);
  const used = new Set(
    sheets.flatMap((s) => Object.keys((s.totals as { byJustification?: object }).byJustification ?? {})),
  );
  for (const s of sheets) for (const k of Object.keys(s.balances as object)) used.add(k);
  return {
    ...log,
    employees: sheets.map((s) => ({
      userInfoId: s.userInfoId,
      firstName: s.firstName,
      lastName: s.lastName,
      totals: s.totals as MonthLogDetail['employees'][number]['totals'],
      balances: s.balances as Record<string, number>,
    })),
    justifications: [...used]
      .map((jid) => ({
        id: jid,
        code: codes.justifications.get(jid)?.code ?? '?',
        name: codes.justifications.get(jid)?.name ?? '',
      }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}

/** POST /admin/month-log/{id}/retry: a failed version goes back to the queue (same number). */
export async function retry(deps: AppDeps, ctx: RequestCtx, id: string): Promise<MonthLog> {
  await getMonthLog(deps, ctx, id);
  await limitWork(deps.db, 'month-close', { userId: ctx.actor.userId, workspaceId: ctx.scope.workspaceId });
  try {
    await deps.db.transaction(async (tx) => {
      const row = await repo.setStatus(tx, ctx.scope, id, ['failed'], {
        status: 'waiting',
        attempts: 0,
        error: null,
        progressDone: 0,
        heartbeatAt: null,
      });
      if (!row) throw conflict(monthMsg.notFailed);
      await audit(tx, ctx, {
        action: 'month-log.retry',
        entity: { type: 'month-log', id },
        changes: { version: row.versionNumber },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(monthMsg.alreadyRunning);
    throw err;
  }
  await deps.triggerJob('month-close');
  return getMonthLog(deps, ctx, id);
}

/** POST /admin/month-log/{id}/reopen: employees may change the month again; the reason goes to the audit log. */
export async function reopen(deps: AppDeps, ctx: RequestCtx, id: string, reason: string): Promise<MonthLog> {
  await limitWork(deps.db, 'month-close', { userId: ctx.actor.userId, workspaceId: ctx.scope.workspaceId });
  await deps.db.transaction(async (tx) => {
    const found = await repo.findMonthLog(tx, ctx.scope, id);
    if (!found) throw notFound(monthMsg.monthLogNotFound);
    if (found.log.status !== 'completed') throw conflict(monthMsg.notCompleted);
    if (!found.latest) throw conflict(monthMsg.notLatest);
    if (found.log.reopenedAt) throw conflict(monthMsg.alreadyReopened);
    await repo.setStatus(tx, ctx.scope, id, ['completed'], {
      reopenedAt: new Date(),
      reopenedBy: ctx.actor.userId,
      reopenReason: reason,
    });
    await audit(tx, ctx, {
      action: 'month-log.reopen',
      entity: { type: 'month-log', id },
      changes: { month: found.log.endOfMonth.slice(0, 7), version: found.log.versionNumber, reason },
    });
  });
  return getMonthLog(deps, ctx, id);
}

/** What changed in the month after this version was made (the "changed since version n" list). */
export async function changesSince(deps: AppDeps, ctx: RequestCtx, id: string): Promise<MonthChange[]> {
  const found = await repo.findMonthLog(deps.db, ctx.scope, id);
  if (!found) throw notFound(monthMsg.monthLogNotFound);
  if (found.log.status !== 'completed' || !found.log.finishedAt) return [];
  const [rows, codes] = await Promise.all([
    changesAfter(deps.db, ctx.scope, found.log.endOfMonth, found.log.finishedAt),
    payrollCodes(deps.db, ctx.scope),
  ]);
  return rows.map((r) => {
    const e = r.userInfoId ? codes.employees.get(r.userInfoId) : undefined;
    return {
      id: r.id,
      date: r.date,
      userInfo: r.userInfoId && e ? { id: r.userInfoId, name: `${e.lastName} ${e.firstName}` } : null,
      entityType: r.entityType,
      entityId: r.entityId,
      action: r.action,
      actor:
        r.actorUserId && r.actorFirst
          ? { id: r.actorUserId, name: `${r.actorFirst} ${r.actorLast ?? ''}`.trim() }
          : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

import { ErrorCode, attMsg, type IsoDate } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';

/** Answers whether a month (its first day, `YYYY-MM-01`) is closed in a workspace. */
export type MonthLock = (q: Queryable, scope: WorkspaceScope, month: IsoDate) => Promise<boolean>;

declare module '../../deps' {
  interface AppDeps {
    /**
     * Replaces `isMonthClosed()` for this app (tests close a month without month logs). Unset = `isMonthClosed`.
     * Declared here, next to the one function it replaces, so the attendance module stays self-contained.
     */
    isMonthClosed?: MonthLock;
  }
}

/**
 * Whether the month of `date` is closed in the workspace: a month with a completed month-log version is locked for
 * employees (spec §4 "Closing a month locks it"). This is THE one place that answers it; the month-closing module
 * fills it in with its month-log query. Until month logs exist no month is closed.
 */
export async function isMonthClosed(_q: Queryable, _scope: WorkspaceScope, _date: IsoDate): Promise<boolean> {
  return false;
}

/**
 * Refuses an employee's change that touches a closed month (409 with the Italian text). Asks `deps.isMonthClosed`
 * when the app was built with one, otherwise `isMonthClosed()`, once per month touched.
 */
export async function assertMonthsOpen(
  deps: Pick<AppDeps, 'isMonthClosed'>,
  q: Queryable,
  scope: WorkspaceScope,
  dates: IsoDate[],
) {
  const closed = deps.isMonthClosed ?? isMonthClosed;
  const months = [...new Set(dates.map((d) => `${d.slice(0, 7)}-01`))];
  for (const m of months) {
    if (await closed(q, scope, m)) throw new AppError(ErrorCode.CONFLICT, attMsg.monthClosed);
  }
}

import { ErrorCode, attMsg, type IsoDate } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import { AppError } from '../../lib/errors';

/**
 * Whether the month of `date` is closed in the workspace: a month with a completed month-log version is locked for
 * employees (spec §4 "Closing a month locks it"). This is THE one place that answers it; the month-closing module
 * fills it in with its month-log query. Until month logs exist no month is closed.
 */
export async function isMonthClosed(_q: Queryable, _scope: WorkspaceScope, _date: IsoDate): Promise<boolean> {
  return false;
}

/** Refuses an employee's change that touches a closed month (409 with the Italian text). */
export async function assertMonthsOpen(q: Queryable, scope: WorkspaceScope, dates: IsoDate[]) {
  const months = [...new Set(dates.map((d) => `${d.slice(0, 7)}-01`))];
  for (const m of months) {
    if (await isMonthClosed(q, scope, m)) throw new AppError(ErrorCode.CONFLICT, attMsg.monthClosed);
  }
}

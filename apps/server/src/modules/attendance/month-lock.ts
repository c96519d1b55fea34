import { ErrorCode, attMsg, type IsoDate } from '@timbro/shared';
import type { Queryable } from '../../db/client';
import type { WorkspaceScope } from '../../db/scope';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';

/** Answers whether a month (its first day, `YYYY-MM-01`) is closed in a workspace. */
export type MonthLock = (q: Queryable, scope: WorkspaceScope, month: IsoDate) => Promise<boolean>;

/** A change to attendance on a day, as the month closing records it when the month already has a version. */
export interface MonthChangeNote {
  date: IsoDate;
  userInfoId: string | null;
  entityType: string;
  entityId: string;
  action: string;
  actorUserId: string | null;
}

/**
 * What the month-closing module provides to attendance (wired in runtime.createDeps, so attendance depends on no
 * other module): whether a month is closed, and the record of changes made in a month after its version was made.
 */
export interface MonthLockPort {
  isClosed: MonthLock;
  /** The months (YYYY-MM) with a closed version: what is frozen there (accruals) must not be rewritten. */
  closedMonths(q: Queryable, scope: WorkspaceScope): Promise<ReadonlySet<string>>;
  noteChanges(q: Queryable, scope: WorkspaceScope, notes: MonthChangeNote[]): Promise<void>;
}

declare module '../../deps' {
  interface AppDeps {
    /**
     * Replaces `isMonthClosed()` for this app (tests close a month without month logs). Unset = `isMonthClosed`.
     * Declared here, next to the one function it replaces, so the attendance module stays self-contained.
     */
    isMonthClosed?: MonthLock;
    /** The month-closing module's answers (set by runtime.createDeps). */
    monthLock?: MonthLockPort;
  }
}

/**
 * Whether the month of `date` is closed in the workspace: a month with a completed month-log version is locked for
 * employees (spec §4 "Closing a month locks it"). The month-closing module answers it through `deps.monthLock`; an app
 * built without that module (some tests) has no closed month.
 */
export async function isMonthClosed(_q: Queryable, _scope: WorkspaceScope, _date: IsoDate): Promise<boolean> {
  return false;
}

/**
 * Refuses an employee's change that touches a closed month (409 with the Italian text). Asks `deps.isMonthClosed`
 * when the app was built with one, otherwise `isMonthClosed()`, once per month touched.
 */
export async function assertMonthsOpen(
  deps: Pick<AppDeps, 'isMonthClosed' | 'monthLock'>,
  q: Queryable,
  scope: WorkspaceScope,
  dates: IsoDate[],
) {
  if ((await closedMonthsOf(deps, q, scope, dates)).size > 0)
    throw new AppError(ErrorCode.CONFLICT, attMsg.monthClosed);
}

/** The months (YYYY-MM) among `dates` that are closed, asked as `assertMonthsOpen` says (the shifts ask it too). */
export async function closedMonthsOf(
  deps: Pick<AppDeps, 'isMonthClosed' | 'monthLock'>,
  q: Queryable,
  scope: WorkspaceScope,
  dates: IsoDate[],
) {
  const isClosed = deps.isMonthClosed ?? deps.monthLock?.isClosed ?? isMonthClosed;
  const out = new Set<string>();
  for (const m of new Set(dates.map((d) => d.slice(0, 7)))) if (await isClosed(q, scope, `${m}-01`)) out.add(m);
  return out;
}

/** Records attendance changes for the month closing (in the caller's transaction); a no-op without the module. */
export async function noteMonthChanges(
  deps: Pick<AppDeps, 'monthLock'>,
  q: Queryable,
  scope: WorkspaceScope,
  notes: MonthChangeNote[],
) {
  if (deps.monthLock && notes.length > 0) await deps.monthLock.noteChanges(q, scope, notes);
}

import type { MonthChangeNote, MonthLockPort } from '../attendance';
import { endOfMonthOf } from './month-logs.repository';
import * as repo from './month-lock.repository';

/** The lock attendance asks (wired in runtime.createDeps): closed months, and the changes made in them. */
export const monthLockPort: MonthLockPort = {
  isClosed: (q, scope, month) => repo.isClosed(q, scope, endOfMonthOf(month.slice(0, 7))),
  closedMonths: async (q, scope) => new Set((await repo.closedMonths(q, scope)).map((d) => d.slice(0, 7))),
  noteChanges: (q, scope, notes: MonthChangeNote[]) =>
    repo.insertChanges(
      q,
      scope,
      notes.map((n) => ({ ...n, endOfMonth: endOfMonthOf(n.date.slice(0, 7)) })),
    ),
};

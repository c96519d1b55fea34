import type { MonthLog, Precheck } from '@timbro/shared';
import type { MonthLogListRow } from './month-logs.repository';

const person = (id: string | null, first: string | null, last: string | null) =>
  id && first !== null ? { id, name: `${first} ${last ?? ''}`.trim() } : null;

/** A version as the API shows it. */
export function presentMonthLog(row: MonthLogListRow): MonthLog {
  const l = row.log;
  const precheck = l.precheck as Partial<Precheck>;
  return {
    id: l.id,
    month: l.endOfMonth.slice(0, 7),
    endOfMonth: l.endOfMonth,
    versionNumber: l.versionNumber,
    status: l.status,
    progressDone: l.progressDone,
    progressTotal: l.progressTotal,
    error: l.error,
    forced: l.forced,
    problems: typeof precheck.problems === 'number' ? precheck.problems : 0,
    createdBy: person(l.createdBy, row.creatorFirst, row.creatorLast),
    createdAt: l.createdAt.toISOString(),
    startedAt: l.startedAt?.toISOString() ?? null,
    finishedAt: l.finishedAt?.toISOString() ?? null,
    reopenedAt: l.reopenedAt?.toISOString() ?? null,
    reopenedBy: person(l.reopenedBy, row.reopenerFirst, row.reopenerLast),
    reopenReason: l.reopenReason,
    latest: Boolean(row.latest),
    changesSince: row.latest ? (row.changesSince ?? 0) : 0,
  };
}

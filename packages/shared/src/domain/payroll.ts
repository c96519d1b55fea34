import type { DaySheet } from './attendance';
import type { IsoDate } from './dates';

/** The two items of a day that are not absence types; every other item is a justification id. */
export const WORKED_ITEM = 'worked';
export const OVERTIME_ITEM = 'overtime';

/** One payroll line of a frozen version: an employee's minutes of one item on one day (integers, never hours). */
export interface PayrollLine {
  userInfoId: string;
  date: IsoDate;
  item: string;
  minutes: number;
}

/**
 * The payroll lines of one day sheet (ADR 0018). Each absence type counts what the engine credited it (so an absence
 * never exceeds what was missing). Overtime is the day's positive balance, once the day is over. Ordinary worked
 * time is the clocked work, less "decrease" time, less the overtime: so worked + overtime + the "increase" types (work
 * done elsewhere, under their own code) add up to the day's work. Lines of zero minutes are left out.
 */
export function payrollLinesOf(userInfoId: string, sheet: DaySheet): PayrollLine[] {
  const lines: PayrollLine[] = [];
  const add = (item: string, minutes: number) => {
    if (minutes > 0) lines.push({ userInfoId, date: sheet.date, item, minutes: Math.round(minutes) });
  };
  const net = Math.max(0, sheet.worked - sheet.decrease);
  const overtime = sheet.open ? 0 : Math.max(0, sheet.balance);
  add(WORKED_ITEM, Math.max(0, net - overtime));
  add(OVERTIME_ITEM, overtime);
  const byItem = new Map<string, number>();
  for (const r of sheet.requests) byItem.set(r.justificationId, (byItem.get(r.justificationId) ?? 0) + r.credited);
  for (const [item, minutes] of [...byItem].sort(([a], [b]) => (a < b ? -1 : 1))) add(item, minutes);
  return lines;
}

/** A line's key: employee, day and item. */
export const lineKey = (l: Pick<PayrollLine, 'userInfoId' | 'date' | 'item'>) => `${l.userInfoId}|${l.date}|${l.item}`;

export interface LineChange {
  userInfoId: string;
  date: IsoDate;
  item: string;
  before: number;
  after: number;
}

/**
 * What changed from one version's lines to another's, keyed by (employee, day, item): minutes before and after, 0
 * where a line is missing on one side. Unchanged lines are left out, so equal versions give an empty list. Sorted by
 * employee, day and item, so the same inputs always give the same order.
 */
export function diffLines(before: readonly PayrollLine[], after: readonly PayrollLine[]): LineChange[] {
  const old = new Map(before.map((l) => [lineKey(l), l]));
  const out: LineChange[] = [];
  for (const l of after) {
    const prev = old.get(lineKey(l));
    old.delete(lineKey(l));
    if (!prev || prev.minutes !== l.minutes)
      out.push({ userInfoId: l.userInfoId, date: l.date, item: l.item, before: prev?.minutes ?? 0, after: l.minutes });
  }
  for (const l of old.values())
    out.push({ userInfoId: l.userInfoId, date: l.date, item: l.item, before: l.minutes, after: 0 });
  return out.sort((a, b) => (lineKey(a) < lineKey(b) ? -1 : lineKey(a) > lineKey(b) ? 1 : 0));
}

import { addDays, daysInMonth, isoWeekday, type IsoDate } from '@timbro/shared/domain/dates';

/** The planning shows a week (Monday to Sunday, the Italian week) or a whole month. */
export type PlanningView = 'week' | 'month';

export interface PlanningDay {
  date: IsoDate;
  /** Day of the month (1–31). */
  day: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
}

export interface PlanningRange {
  view: PlanningView;
  /** Monday of the week, or the 1st of the month. */
  from: IsoDate;
  to: IsoDate;
}

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

export const isIsoDate = (v: string | null | undefined): v is IsoDate => !!v && ISO_DATE.test(v);

/** The Monday on or before a date. */
export const mondayOf = (date: IsoDate): IsoDate => addDays(date, 1 - isoWeekday(date));

/** The first and last day of the month of a date. */
function monthOf(date: IsoDate): { from: IsoDate; to: IsoDate } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const month = date.slice(0, 7);
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}` };
}

/** The range a view shows around a date: its week (Monday–Sunday) or its month. */
export function rangeOf(view: PlanningView, date: IsoDate): PlanningRange {
  if (view === 'month') return { view, ...monthOf(date) };
  const from = mondayOf(date);
  return { view, from, to: addDays(from, 6) };
}

/** The range before (−1) or after (+1): the previous or next week or month. */
export function stepRange(range: PlanningRange, n: -1 | 1): PlanningRange {
  if (range.view === 'week') return rangeOf('week', addDays(range.from, 7 * n));
  return rangeOf('month', n < 0 ? addDays(range.from, -1) : addDays(range.to, 1));
}

/** Every day of a range, in order (the grid's columns). */
export function daysOf(range: { from: IsoDate; to: IsoDate }): PlanningDay[] {
  const days: PlanningDay[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1))
    days.push({ date: d, day: Number(d.slice(8, 10)), weekday: isoWeekday(d) });
  return days;
}

/** Whether a range holds a date. */
export const holds = (range: { from: IsoDate; to: IsoDate }, date: IsoDate) => date >= range.from && date <= range.to;

import { addDays, daysInMonth, isoWeekday, type IsoDate } from '@timbro/shared/domain/dates';

/** A month as the URL and the API name it: "2026-11". */
export type Month = string;

export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export interface CalendarCell {
  date: IsoDate;
  /** Day of the month (1–31). */
  day: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
  /** False for the days of the previous/next month that fill the first and last week. */
  inMonth: boolean;
}

/** The first and last day of a month. */
export function monthRange(month: Month): { from: IsoDate; to: IsoDate } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(y, m)).padStart(2, '0')}` };
}

/** The month n months after (before, when negative). */
export function shiftMonth(month: Month, n: number): Month {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month a date belongs to. */
export const monthOf = (date: IsoDate): Month => date.slice(0, 7);

/** A month from the URL, or the fallback when missing or malformed. */
export function parseMonth(value: string | null | undefined, fallback: Month): Month {
  return value && MONTH_PATTERN.test(value) ? value : fallback;
}

/**
 * The month as weeks of seven days, Monday first (the Italian week): the first week starts on the Monday on or before
 * the 1st, the last ends on the Sunday on or after the last day. 4 to 6 weeks.
 */
export function buildMonthGrid(month: Month): CalendarCell[][] {
  const { from, to } = monthRange(month);
  const start = addDays(from, 1 - isoWeekday(from));
  const end = addDays(to, 7 - isoWeekday(to));
  const weeks: CalendarCell[][] = [];
  for (let d = start; d <= end; d = addDays(d, 7)) {
    const week: CalendarCell[] = [];
    for (let i = 0; i < 7; i++) {
      const date = addDays(d, i);
      week.push({ date, day: Number(date.slice(8, 10)), weekday: i + 1, inMonth: date >= from && date <= to });
    }
    weeks.push(week);
  }
  return weeks;
}

/** Every date of a month, in order (the columns of the employees × days grids). */
export function monthDays(month: Month): CalendarCell[] {
  return buildMonthGrid(month)
    .flat()
    .filter((c) => c.inMonth);
}

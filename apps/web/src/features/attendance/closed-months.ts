import dayjs from 'dayjs';

/** The month (YYYY-MM) of a date (YYYY-MM-DD). */
export const monthOfDate = (date: string) => date.slice(0, 7);

/** Whether a date (YYYY-MM-DD) is in one of the closed months. */
export const inClosedMonth = (closed: ReadonlySet<string>, date: string) => closed.has(monthOfDate(date));

/** The closed months a period touches, from `from` to `to` (dates, inclusive), oldest first. */
export function closedMonthsBetween(closed: ReadonlySet<string>, from: string, to: string): string[] {
  const out: string[] = [];
  if (closed.size === 0 || to < from) return out;
  for (let m = dayjs(`${monthOfDate(from)}-01`); m.format('YYYY-MM') <= monthOfDate(to); m = m.add(1, 'month'))
    if (closed.has(m.format('YYYY-MM'))) out.push(m.format('YYYY-MM'));
  return out;
}

/** "marzo 2026": a month as the user's language names it. */
export const monthName = (month: string, language: string) => dayjs(`${month}-01`).locale(language).format('MMMM YYYY');

/** The newest closed month, if any. */
export const latestClosed = (closed: ReadonlySet<string>) => [...closed].sort().at(-1) ?? null;

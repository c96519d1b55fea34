import dayjs from 'dayjs';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The member's shifts by week (Monday to Sunday) or by calendar month. */
export type RangeView = 'week' | 'month';

export interface DayRange {
  view: RangeView;
  /** First day, YYYY-MM-DD. */
  from: string;
  /** Last day, YYYY-MM-DD (a month is at most 31 days: within the API's 62). */
  to: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const iso = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** The week or month holding `anchor`. Weeks start on Monday (Italian calendars). */
export function rangeOf(view: RangeView, anchor: string): DayRange {
  const d = dayjs(anchor);
  if (view === 'month') return { view, from: iso(d.startOf('month')), to: iso(d.endOf('month')) };
  const monday = d.subtract((d.day() + 6) % 7, 'day');
  return { view, from: iso(monday), to: iso(monday.add(6, 'day')) };
}

/** The previous (-1) or next (+1) week or month. */
export const moveRange = (range: DayRange, step: -1 | 1): DayRange =>
  rangeOf(range.view, iso(dayjs(range.from).add(step, range.view)));

/** Every day of the range, in order. */
export function daysOf(range: { from: string; to: string }): string[] {
  const out: string[] = [];
  for (let d = dayjs(range.from); !d.isAfter(range.to, 'day'); d = d.add(1, 'day')) out.push(iso(d));
  return out;
}

/**
 * The range in the URL (`?view=month&date=2026-11-01`), so it can be bookmarked and the back button restores it;
 * without them, the current week.
 */
export function useRangeParam(today: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const view: RangeView = searchParams.get('view') === 'month' ? 'month' : 'week';
  const date = searchParams.get('date');
  const range = rangeOf(view, date && DATE.test(date) && dayjs(date).isValid() ? date : today);
  const setRange = useCallback(
    (next: DayRange) =>
      setSearchParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          if (next.view === 'week') p.delete('view');
          else p.set('view', next.view);
          if (next.from === rangeOf(next.view, today).from) p.delete('date');
          else p.set('date', next.from);
          return p;
        },
        { replace: false },
      ),
    [setSearchParams, today],
  );
  return [range, setRange] as const;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClosedMonths } from '@timbro/shared';
import { api } from '../../../lib/api';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

/** GET /attendance/ajax/closed-months: the months (YYYY-MM) where employees can no longer change anything. */
export const closedMonthsQueryOptions = () =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'closed-months'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<ClosedMonths>('/attendance/ajax/closed-months', undefined, signal)).data,
    // A month is closed once a month by the office: a minute old is fresh enough (the server refuses anyway).
    staleTime: 60_000,
  });

const NONE: ReadonlySet<string> = new Set();

/**
 * The closed months as a set (empty while loading, on an error, or when not asked): what only shows them earlier
 * never stops anyone — the server's lock still refuses a change in a closed month.
 */
export function useClosedMonths(enabled = true): ReadonlySet<string> {
  const query = useQuery({ ...closedMonthsQueryOptions(), enabled, select: (d) => new Set(d.months) });
  return (enabled && query.data) || NONE;
}

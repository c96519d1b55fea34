import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { HoursByGroup } from '@timbro/shared';
import { api } from '../../../lib/api';
import { ATTENDANCE_KEY, DASHBOARD_KEY } from '../../../lib/query-keys';

/**
 * GET /dashboard/hours-by-group?month: the month's expected, worked and justified minutes per group, from the
 * timesheet's engine (to today in the current month). Under the dashboard's root too: any write refreshes it.
 */
export const hoursByGroupQueryOptions = (month: string) =>
  queryOptions({
    queryKey: [...DASHBOARD_KEY, ...ATTENDANCE_KEY, 'hours-by-group', month] as const,
    queryFn: async ({ signal }) => (await api.get<HoursByGroup>('/dashboard/hours-by-group', { month }, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useHoursByGroup = (month: string) => useQuery(hoursByGroupQueryOptions(month));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TimesheetPage } from '@timbro/shared';
import { api } from '../../../lib/api';
import { takeEarly, timesheetPath } from '../../../lib/early-requests';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

export interface TimesheetParams {
  from: string;
  to: string;
  groupId?: string;
  search?: string;
  page: number;
  perPage: number;
}

export const timesheetFilterQuery = (p: Pick<TimesheetParams, 'from' | 'to' | 'groupId' | 'search'>) => ({
  from: p.from,
  to: p.to,
  group_id: p.groupId || undefined,
  search: p.search || undefined,
});

/** GET /attendance/attendance-data/timesheet: employees × days with totals, one page of employees (≤ 200). */
export const timesheetQueryOptions = (params: TimesheetParams) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'timesheet', params] as const,
    queryFn: async ({ signal }) => {
      const path = timesheetPath({ ...timesheetFilterQuery(params), page: params.page, per_page: params.perPage });
      // The page opened directly: its first view was asked for at start (lib/early-requests.ts).
      const early = await takeEarly<TimesheetPage>(path)?.catch(() => undefined);
      return early ?? (await api.get<TimesheetPage>(path, undefined, signal)).data;
    },
    placeholderData: keepPreviousData,
  });

export const useTimesheet = (params: TimesheetParams, enabled = true) =>
  useQuery({ ...timesheetQueryOptions(params), enabled });

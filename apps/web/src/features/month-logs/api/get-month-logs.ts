import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListMonthLogsQuerySchema, MonthLogPage, MonthLogStatus } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { MONTH_LOGS_KEY } from '../../../lib/query-keys';

export type MonthLogSortField = z.output<typeof ListMonthLogsQuerySchema>['sort'];
export const MONTH_LOG_SORT_FIELDS: readonly MonthLogSortField[] = ['month', 'createdAt'];

export interface MonthLogsParams {
  page: number;
  perPage: number;
  sort: MonthLogSortField;
  order: 'asc' | 'desc';
  status?: MonthLogStatus;
  month?: string;
}

/** GET /admin/month-log: one page of versions (newest month first by default). */
export const monthLogsQueryOptions = (params: MonthLogsParams) =>
  queryOptions({
    queryKey: [...MONTH_LOGS_KEY, 'list', params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<MonthLogPage>(
          '/admin/month-log',
          {
            page: params.page,
            per_page: params.perPage,
            sort: params.sort,
            order: params.order,
            status: params.status,
            month: params.month,
          },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

/** While a version of the page is waiting or running, the list refreshes itself every few seconds. */
const running = (page: MonthLogPage | undefined) =>
  !!page?.items.some((l) => l.status === 'waiting' || l.status === 'in_progress');

export const useMonthLogs = (params: MonthLogsParams) =>
  useQuery({ ...monthLogsQueryOptions(params), refetchInterval: (q) => (running(q.state.data) ? 3000 : false) });

/** Every version of one month (at most 100), for the version pickers of the diff and the export. */
export const useMonthVersions = (month: string) =>
  useQuery({
    ...monthLogsQueryOptions({ page: 1, perPage: 100, sort: 'createdAt', order: 'desc', month }),
    placeholderData: undefined,
  });

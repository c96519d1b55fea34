import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthLog, MonthLogDetail } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MONTH_LOGS_KEY } from '../../../lib/query-keys';

/** How often a waiting or running version is asked again (the close dialog's progress bar, the detail page). */
export const POLL_MS = 1000;

export const isRunning = (log: Pick<MonthLog, 'status'> | undefined) =>
  log?.status === 'waiting' || log?.status === 'in_progress';

/** GET /admin/month-log/{id}: a version with its frozen employees and the absence types they name. */
export const monthLogQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...MONTH_LOGS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<MonthLogDetail>(`/admin/month-log/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

/** The version, asked again every second while it is waiting or running. */
export const useMonthLog = (id: string | null) =>
  useQuery({
    ...monthLogQueryOptions(id ?? ''),
    enabled: !!id,
    refetchInterval: (q) => (isRunning(q.state.data) ? POLL_MS : false),
  });

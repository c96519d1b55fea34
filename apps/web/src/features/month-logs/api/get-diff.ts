import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthLogDiff } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MONTH_LOGS_KEY } from '../../../lib/query-keys';

/** GET /admin/month-log/{id}/diff?against=: the changed lines against the previous (or the chosen) completed version. */
export const monthDiffQueryOptions = (id: string, against: string | undefined) =>
  queryOptions({
    queryKey: [...MONTH_LOGS_KEY, 'diff', id, against ?? null] as const,
    queryFn: async ({ signal }) =>
      (await api.get<MonthLogDiff>(`/admin/month-log/${encodeURIComponent(id)}/diff`, { against }, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useMonthDiff = (id: string, against: string | undefined) => useQuery(monthDiffQueryOptions(id, against));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthChange } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MONTH_LOGS_KEY } from '../../../lib/query-keys';

/** GET /admin/month-log/{id}/changes: the admins' changes to the month after this version was made. */
export const monthChangesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...MONTH_LOGS_KEY, 'changes', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<MonthChange[]>(`/admin/month-log/${encodeURIComponent(id)}/changes`, undefined, signal)).data,
  });

export const useMonthChanges = (id: string, enabled: boolean) => useQuery({ ...monthChangesQueryOptions(id), enabled });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Holiday } from '@timbro/shared';
import { api } from '../../../lib/api';
import { HOLIDAYS_KEY } from '../../../lib/query-keys';

/** GET /admin/holiday: every holiday of the workspace (recurring ones and those dated in any year). */
export const holidaysQueryOptions = () =>
  queryOptions({
    queryKey: [...HOLIDAYS_KEY, 'list'] as const,
    queryFn: async ({ signal }) => (await api.get<Holiday[]>('/admin/holiday', undefined, signal)).data,
  });

export const useHolidays = () => useQuery(holidaysQueryOptions());

/** GET /admin/holiday/{id}. */
export const holidayQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...HOLIDAYS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Holiday>(`/admin/holiday/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useHoliday = (id: string) => useQuery(holidayQueryOptions(id));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Precheck } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MONTH_LOGS_KEY } from '../../../lib/query-keys';

/** GET /admin/month-log/precheck?month=: the pre-close check of a month, as it stands now (never cached for long). */
export const precheckQueryOptions = (month: string) =>
  queryOptions({
    queryKey: [...MONTH_LOGS_KEY, 'precheck', month] as const,
    queryFn: async ({ signal }) => (await api.get<Precheck>('/admin/month-log/precheck', { month }, signal)).data,
    staleTime: 0,
  });

export const usePrecheck = (month: string | null) =>
  useQuery({ ...precheckQueryOptions(month ?? ''), enabled: !!month });

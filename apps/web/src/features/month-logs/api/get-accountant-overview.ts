import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountantOverview } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MONTH_LOGS_KEY } from '../../../lib/query-keys';

/** GET /accountant/overview?month=: every workspace where the user is accountant, with the month's state. */
export const accountantOverviewQueryOptions = (month: string) =>
  queryOptions({
    queryKey: [...MONTH_LOGS_KEY, 'accountant-overview', month] as const,
    queryFn: async ({ signal }) => (await api.get<AccountantOverview>('/accountant/overview', { month }, signal)).data,
  });

export const useAccountantOverview = (month: string, enabled: boolean) =>
  useQuery({ ...accountantOverviewQueryOptions(month), enabled });

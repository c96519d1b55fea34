import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccrualBalanceList } from '@timbro/shared';
import { api } from '../../../lib/api';

/** The root of every balance query: contract changes and adjustments invalidate it. */
export const ACCRUALS_KEY = ['accruals'] as const;

/** GET /admin/user/{id}/accrual?date: balances per absence type at a date, with the ledger entries behind them. */
export const balancesQueryOptions = (userInfoId: string, date: string) =>
  queryOptions({
    queryKey: [...ACCRUALS_KEY, userInfoId, date] as const,
    queryFn: async ({ signal }) => (await api.get<AccrualBalanceList>(`/admin/user/${encodeURIComponent(userInfoId)}/accrual`, { date }, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useBalances = (userInfoId: string, date: string) => useQuery(balancesQueryOptions(userInfoId, date));

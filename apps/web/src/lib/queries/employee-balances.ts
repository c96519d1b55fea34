import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AccrualBalanceList } from '@timbro/shared';
import { api } from '../api';
import { ACCRUALS_KEY } from '../query-keys';

/** GET /admin/user/{id}/accrual?date: balances per absence type at a date, with the ledger entries behind them. */
export const balancesQueryOptions = (userInfoId: string, date: string) =>
  queryOptions({
    queryKey: [...ACCRUALS_KEY, userInfoId, date] as const,
    queryFn: async ({ signal }) =>
      (await api.get<AccrualBalanceList>(`/admin/user/${encodeURIComponent(userInfoId)}/accrual`, { date }, signal))
        .data,
    placeholderData: keepPreviousData,
  });

export const useBalances = (userInfoId: string, date: string) => useQuery(balancesQueryOptions(userInfoId, date));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccrualBalanceList } from '@timbro/shared';
import { api } from '../../../lib/api';
import { balancesQueryOptions } from '../../../lib/queries/employee-balances';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

/** GET /member/accrual?date: my balances per absence type at a date (default today). */
export const myBalancesQueryOptions = (date?: string) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'balances', 'me', date ?? 'today'] as const,
    queryFn: async ({ signal }) => (await api.get<AccrualBalanceList>('/member/accrual', { date }, signal)).data,
  });

export const useMyBalances = (date?: string, enabled = true) => useQuery({ ...myBalancesQueryOptions(date), enabled });

/**
 * The balances a request form shows: mine (employee) or one employee's (admin, GET /admin/user/{id}/accrual — the
 * same query as the employee record's balances).
 */
export function useRequestBalances(scope: 'member' | 'admin', userInfoId: string | null, date: string | null) {
  const mine = useQuery({ ...myBalancesQueryOptions(date ?? undefined), enabled: scope === 'member' && !!date });
  const theirs = useQuery({
    ...balancesQueryOptions(userInfoId ?? '', date ?? ''),
    enabled: scope === 'admin' && !!userInfoId && !!date,
  });
  return scope === 'member' ? mine : theirs;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract } from '@timbro/shared';
import { api } from '../../../lib/api';
import { CONTRACTS_KEY } from '../../../lib/query-keys';

/** GET /admin/user/{id}/contract: an employee's contracts, newest first. */
export const userContractsQueryOptions = (userInfoId: string) =>
  queryOptions({
    queryKey: [...CONTRACTS_KEY, 'user', userInfoId] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Contract[]>(`/admin/user/${encodeURIComponent(userInfoId)}/contract`, undefined, signal)).data,
  });

export const useUserContracts = (userInfoId: string, enabled = true) =>
  useQuery({ ...userContractsQueryOptions(userInfoId), enabled });

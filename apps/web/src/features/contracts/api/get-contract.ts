import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contract } from '@timbro/shared';
import { api } from '../../../lib/api';
import { CONTRACTS_KEY } from '../../../lib/query-keys';

/** GET /admin/contract/{id}. */
export const contractQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...CONTRACTS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Contract>(`/admin/contract/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useContract = (id: string) => useQuery(contractQueryOptions(id));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractPage, ListContractsQuery } from '@timbro/shared';
import { api } from '../../../lib/api';
import { CONTRACTS_KEY } from '../../../lib/query-keys';

export type ContractFilter = ListContractsQuery['filter'];
export const CONTRACT_FILTERS: readonly ContractFilter[] = ['relevant', 'active', 'expiring', 'expired', 'all'];
export type ContractSortField = ListContractsQuery['sort'];
export const CONTRACT_SORT_FIELDS: readonly ContractSortField[] = ['lastName', 'startsAt', 'endsAt'];

export interface ContractsParams {
  page: number;
  perPage: number;
  sort: ContractSortField;
  order: 'asc' | 'desc';
  filter: ContractFilter;
  search?: string;
}

/** GET /admin/contract: one page of every employee's contracts, filtered, sorted and searched by the server. */
export const contractsQueryOptions = (p: ContractsParams) =>
  queryOptions({
    queryKey: [...CONTRACTS_KEY, 'list', p] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<ContractPage>(
          '/admin/contract',
          {
            page: p.page,
            per_page: p.perPage,
            sort: p.sort,
            order: p.order,
            filter: p.filter,
            search: p.search || undefined,
          },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useContracts = (p: ContractsParams) => useQuery(contractsQueryOptions(p));

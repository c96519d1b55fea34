import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SwapPage } from '@timbro/shared';
import { SWAP_STATUSES } from '@timbro/shared/domain/shift-swaps';
import { api } from '../../../lib/api';
import { SWAPS_KEY } from './swap-keys';

/** The member's boxes: awaiting my reply, asked by me, both. */
export const SWAP_BOXES = ['to_answer', 'mine', 'all'] as const;
export type SwapBox = (typeof SWAP_BOXES)[number];
export const isSwapBox = (v: string): v is SwapBox => (SWAP_BOXES as readonly string[]).includes(v);

/** The admin's filter: the open ones (both waiting states) or one status. */
export const ADMIN_SWAP_FILTERS = ['open', ...SWAP_STATUSES] as const;
export type AdminSwapFilter = (typeof ADMIN_SWAP_FILTERS)[number];
export const isAdminSwapFilter = (v: string): v is AdminSwapFilter =>
  (ADMIN_SWAP_FILTERS as readonly string[]).includes(v);

interface PageParams {
  page: number;
  perPage: number;
}

/** GET /member/shift-swap?box&page&per_page: the member's swaps, newest first. */
export const mySwapsQueryOptions = (params: PageParams & { box: SwapBox }) =>
  queryOptions({
    queryKey: [...SWAPS_KEY, 'mine', 'list', params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<SwapPage>(
          '/member/shift-swap',
          { box: params.box, page: params.page, per_page: params.perPage },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useMySwaps = (params: PageParams & { box: SwapBox }) => useQuery(mySwapsQueryOptions(params));

/** GET /admin/shift-swap?status&page&per_page: the workspace's swaps of a status (awaiting a decision by default). */
export const adminSwapsQueryOptions = (params: PageParams & { status: AdminSwapFilter }) =>
  queryOptions({
    queryKey: [...SWAPS_KEY, 'admin', 'list', params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<SwapPage>(
          '/admin/shift-swap',
          { status: params.status, page: params.page, per_page: params.perPage },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useAdminSwaps = (params: PageParams & { status: AdminSwapFilter }) =>
  useQuery(adminSwapsQueryOptions(params));

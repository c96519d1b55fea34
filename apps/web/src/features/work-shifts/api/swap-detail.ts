import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SwapDetail } from '@timbro/shared';
import { api } from '../../../lib/api';
import { SWAPS_KEY } from './swap-keys';

/** Who looks at a swap: the member sees their own side's rest-rule result, the admin both. */
export type SwapSide = 'member' | 'admin';

/** GET /member/shift-swap/{id} or /admin/shift-swap/{id}: one swap, its timeline and the rest-rule result. */
export const swapQueryOptions = (side: SwapSide, id: string) =>
  queryOptions({
    queryKey: [...SWAPS_KEY, side, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<SwapDetail>(`/${side}/shift-swap/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useSwap = (side: SwapSide, id: string) => useQuery(swapQueryOptions(side, id));

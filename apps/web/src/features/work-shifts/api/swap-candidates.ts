import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SwapCandidates } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MY_SHIFTS_KEY } from './swap-keys';

/** GET /member/work-shift/{id}/swap-candidates: colleagues' published future shifts within the swap window. */
export const swapCandidatesQueryOptions = (shiftId: string) =>
  queryOptions({
    queryKey: [...MY_SHIFTS_KEY, 'swap-candidates', shiftId] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<SwapCandidates>(
          `/member/work-shift/${encodeURIComponent(shiftId)}/swap-candidates`,
          undefined,
          signal,
        )
      ).data,
  });

export const useSwapCandidates = (shiftId: string) => useQuery(swapCandidatesQueryOptions(shiftId));

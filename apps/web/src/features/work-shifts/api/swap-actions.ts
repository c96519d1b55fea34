import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SwapCreateInput, SwapDecisionInput, SwapDetail } from '@timbro/shared';
import { api } from '../../../lib/api';
import { swapQueryOptions, type SwapSide } from './swap-detail';
import { invalidateAfterApproval, invalidateSwaps } from './swap-keys';

export interface SwapAnswer {
  message: string;
  swap: SwapDetail;
}

/** POST /member/shift-swap: ask a colleague to swap; answers 201 with the message and the new swap. */
export function useCreateSwap() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SwapCreateInput) => (await api.post<SwapAnswer>('/member/shift-swap', input)).data,
    onSuccess: async ({ swap }) => {
      queryClient.setQueryData(swapQueryOptions('member', swap.id).queryKey, swap);
      await invalidateSwaps(queryClient);
    },
  });
}

/** The member's answer (accept, decline) and the admin's decision (approve, reject), each with an optional note. */
export type SwapAction = 'accept' | 'decline' | 'approve' | 'reject';
const SIDE: Record<SwapAction, SwapSide> = { accept: 'member', decline: 'member', approve: 'admin', reject: 'admin' };

/** POST /{member|admin}/shift-swap/{id}/{action}: the swap as it is now, kept in its record's cache. */
export function useSwapAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ action, note }: { action: SwapAction } & SwapDecisionInput) =>
      (
        await api.post<SwapAnswer>(`/${SIDE[action]}/shift-swap/${encodeURIComponent(id)}/${action}`, {
          note: note ?? null,
        })
      ).data,
    onSuccess: async ({ swap }, { action }) => {
      queryClient.setQueryData(swapQueryOptions(SIDE[action], id).queryKey, swap);
      await (action === 'approve' ? invalidateAfterApproval(queryClient) : invalidateSwaps(queryClient));
    },
  });
}

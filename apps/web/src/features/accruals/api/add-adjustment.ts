import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccrualAdjustmentInputSchema, AccrualBalanceList } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { ACCRUALS_KEY } from '../../../lib/query-keys';

/** POST /admin/user/{id}/accrual-adjustment: the body (AccrualAdjustmentInputSchema); the amount is signed. */
export type AdjustmentPayload = z.input<typeof AccrualAdjustmentInputSchema>;

/** POST /admin/user/{id}/accrual-adjustment: a manual entry in the ledger, with its reason. */
export function useAddAdjustment(userInfoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdjustmentPayload) =>
      (await api.post<AccrualBalanceList>(`/admin/user/${encodeURIComponent(userInfoId)}/accrual-adjustment`, body))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ACCRUALS_KEY, userInfoId] }),
  });
}

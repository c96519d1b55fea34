import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AccrualBalanceList } from '@timbro/shared';
import { api } from '../../../lib/api';
import { ACCRUALS_KEY } from '../../../lib/query-keys';

export interface AdjustmentPayload {
  justificationId: string;
  /** Signed: positive adds to the balance, negative takes away. */
  amount: number;
  date: string;
  reason: string;
}

/** POST /admin/user/{id}/accrual-adjustment: a manual entry in the ledger, with its reason. */
export function useAddAdjustment(userInfoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdjustmentPayload) => (await api.post<AccrualBalanceList>(`/admin/user/${encodeURIComponent(userInfoId)}/accrual-adjustment`, body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ACCRUALS_KEY, userInfoId] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateContracts } from './invalidate';

/** DELETE /admin/contract/{id}: the contract and its monthly accruals go. */
export function useDeleteContract() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`/admin/contract/${encodeURIComponent(id)}`)).data,
    onSuccess: () => invalidateContracts(queryClient),
  });
}

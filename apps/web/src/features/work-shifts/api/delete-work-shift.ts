import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { workShiftQueryOptions } from './get-work-shift';
import { invalidateWorkShifts } from './invalidate';

/** DELETE /admin/work-shift/{id}: the shift goes, and its open swaps are rejected (`autoRejected`). */
export function useDeleteWorkShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string; autoRejected: number }>(`/admin/work-shift/${encodeURIComponent(id)}`)).data,
    onSuccess: async (_data, id) => {
      // Gone: its record must not be fetched again (a 404) by a page still showing it.
      queryClient.removeQueries({ queryKey: workShiftQueryOptions(id).queryKey });
      await invalidateWorkShifts(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateShiftsResponse,
  UpdateShiftResponse,
  WorkShiftCreateInput,
  WorkShiftUpdateInput,
} from '@timbro/shared';
import { api } from '../../../lib/api';
import { invalidateWorkShifts } from './invalidate';

/**
 * POST /admin/work-shift: one shift, or one per day of a period (on the chosen weekdays), as drafts; the answer carries
 * the rest-rule warnings they raise (they are saved anyway).
 */
export function useCreateWorkShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WorkShiftCreateInput) =>
      (await api.post<CreateShiftsResponse>('/admin/work-shift', body)).data,
    onSuccess: () => invalidateWorkShifts(queryClient),
  });
}

/** POST /admin/work-shift/{id}: its day, times, people and label; the open swaps on it are rejected (`autoRejected`). */
export function useUpdateWorkShift(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WorkShiftUpdateInput) =>
      (await api.post<UpdateShiftResponse>(`/admin/work-shift/${encodeURIComponent(id)}`, body)).data,
    onSuccess: () => invalidateWorkShifts(queryClient),
  });
}

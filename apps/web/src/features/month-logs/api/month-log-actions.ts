import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CloseMonthInput, MonthLog, ReopenMonthInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { invalidateMonthLogs } from './invalidate';

/** POST /admin/month-log: a new version of the month, waiting for the job (409 with problems and no force, or while one runs). */
export function useCloseMonth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CloseMonthInput) => (await api.post<MonthLog>('/admin/month-log', body)).data,
    onSuccess: () => invalidateMonthLogs(queryClient),
  });
}

/** POST /admin/month-log/{id}/retry: a failed version goes back to the queue. */
export function useRetryMonthLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.post<MonthLog>(`/admin/month-log/${encodeURIComponent(id)}/retry`)).data,
    onSuccess: () => invalidateMonthLogs(queryClient),
  });
}

/** POST /admin/month-log/{id}/reopen: employees may change the month again (admin, with a reason). */
export function useReopenMonthLog(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReopenMonthInput) =>
      (await api.post<MonthLog>(`/admin/month-log/${encodeURIComponent(id)}/reopen`, body)).data,
    onSuccess: () => invalidateMonthLogs(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Holiday, HolidayInputSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { HOLIDAYS_KEY } from '../../../lib/query-keys';

export type HolidayPayload = z.input<typeof HolidayInputSchema>;

/** POST /admin/holiday (new) or /admin/holiday/{id} (edit). */
export function useSaveHoliday(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: HolidayPayload) =>
      (await api.post<Holiday>(id ? `/admin/holiday/${encodeURIComponent(id)}` : '/admin/holiday', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}

/** DELETE /admin/holiday/{id}. */
export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`/admin/holiday/${encodeURIComponent(id)}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: HOLIDAYS_KEY }),
  });
}

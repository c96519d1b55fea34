import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPunchInputSchema, Punch } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { invalidateAttendance } from './keys';

export type PunchPayload = z.input<typeof AdminPunchInputSchema>;

/**
 * Admin corrections: POST /admin/user/{id}/punch (add), POST /admin/punch/{id} (edit), DELETE /admin/punch/{id}
 * (with the reason in the body). Every one is audited with its reason.
 */
export function useSavePunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      userInfoId,
      punchId,
      payload,
    }: {
      userInfoId: string;
      punchId?: string;
      payload: PunchPayload;
    }) =>
      (
        await api.post<Punch>(
          punchId
            ? `/admin/punch/${encodeURIComponent(punchId)}`
            : `/admin/user/${encodeURIComponent(userInfoId)}/punch`,
          payload,
        )
      ).data,
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

export function useDeletePunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ punchId, reason }: { punchId: string; reason: string }) =>
      (
        await api.request<{ message: string }>(`/admin/punch/${encodeURIComponent(punchId)}`, {
          method: 'DELETE',
          body: { reason },
        })
      ).data,
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

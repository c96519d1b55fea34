import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminRequestInputSchema, MemberRequestInputSchema, RequestWriteResult } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { invalidateAttendance } from './keys';

/** The body of a new or edited request: one's own (MemberRequestInputSchema), or an admin's for some employees (AdminRequestInputSchema). */
export type RequestPayload = z.input<typeof MemberRequestInputSchema> &
  Partial<Pick<z.input<typeof AdminRequestInputSchema>, 'userInfoIds'>>;

/** Whose requests: mine (/member/…) or anyone's (/admin/…). */
export type RequestScope = 'member' | 'admin';

const base = (scope: RequestScope) =>
  scope === 'member' ? '/member/justification-request' : '/admin/justification-request';

/**
 * POST /{member|admin}/justification-request (new: one day or a period, one request per working day) or
 * POST …/{id} (edit one). Answers the rows written and the non-blocking warnings (over quota).
 */
export function useSaveRequest(scope: RequestScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, payload }: { id?: string; payload: RequestPayload }) =>
      (await api.post<RequestWriteResult>(id ? `${base(scope)}/${encodeURIComponent(id)}` : base(scope), payload)).data,
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

/** POST …/{id}/move {days: ±1}: one day back or forward. */
export function useMoveRequest(scope: RequestScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, days }: { id: string; days: 1 | -1 }) =>
      (await api.post<RequestWriteResult>(`${base(scope)}/${encodeURIComponent(id)}/move`, { days })).data,
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

/** DELETE …/{id}: an employee withdraws a pending request; an admin deletes any (its ledger usage goes too). */
export function useDeleteRequest(scope: RequestScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`${base(scope)}/${encodeURIComponent(id)}`)).data,
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

/** POST /admin/justification-request/approve|reject {ids, note}: only pending rows change. */
export function useDecideRequests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, approve, note }: { ids: string[]; approve: boolean; note?: string | null }) =>
      (
        await api.post<{ updated: number }>(`/admin/justification-request/${approve ? 'approve' : 'reject'}`, {
          ids,
          note: note?.trim() || null,
        })
      ).data,
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

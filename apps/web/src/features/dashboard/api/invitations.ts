import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, Invitation } from '@timbro/shared';
import { api } from '../../../lib/api';
import { INVITATIONS_KEY } from '../../../lib/query-keys';

/** GET /user/invitations: companies that want this person, waiting for an answer (ADR 0015). */
export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: INVITATIONS_KEY,
    queryFn: async ({ signal }) => (await api.get<Invitation[]>('/user/invitations', undefined, signal)).data,
  });

export const useInvitations = (enabled: boolean) => useQuery({ ...invitationsQueryOptions(), enabled });

/** POST /user/invitations/{id}/accept or /decline: answers with the current user (memberships updated). */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, accept }: { id: string; accept: boolean }) =>
      (await api.post<CurrentUser>(`/user/invitations/${encodeURIComponent(id)}/${accept ? 'accept' : 'decline'}`))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@timbro/shared';
import { api } from '../../../lib/api';
import { userQueryOptions } from './get-user';
import { invalidatePeople } from './invalidate';

/** POST /admin/user/{id}/resend-invitation: the invitation of a pending record again (a fresh link when it is due). */
export function useResendInvitation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<User>(`/admin/user/${encodeURIComponent(id)}/resend-invitation`)).data,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryOptions(id).queryKey, user);
      await invalidatePeople(queryClient);
    },
  });
}

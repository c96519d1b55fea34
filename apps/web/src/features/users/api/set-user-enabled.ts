import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@timbro/shared';
import { api } from '../../../lib/api';
import { userQueryOptions } from './get-user';
import { invalidatePeople } from './invalidate';

/** POST /admin/user/{id}/disable or /enable (the server refuses disabling yourself or the last admin). */
export function useSetUserEnabled(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (enabled: boolean) =>
      (await api.post<User>(`/admin/user/${encodeURIComponent(id)}/${enabled ? 'enable' : 'disable'}`)).data,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryOptions(id).queryKey, user);
      await invalidatePeople(queryClient);
    },
  });
}

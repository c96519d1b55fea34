import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@timbro/shared';
import { api } from '../../../lib/api';
import type { UserPayload } from './create-user';
import { userQueryOptions } from './get-user';
import { invalidatePeople } from './invalidate';

/** POST /admin/user/{id}: the fiscal code is sent unchanged (the server refuses a different one). */
export function useUpdateUser(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UserPayload) => (await api.post<User>(`/admin/user/${encodeURIComponent(id)}`, body)).data,
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryOptions(id).queryKey, user);
      await invalidatePeople(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateGroups } from './invalidate';

/** DELETE /admin/group/{id}: the group goes, its members stay in the workspace. */
export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`/admin/group/${encodeURIComponent(id)}`)).data,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

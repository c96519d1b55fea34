import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@timbro/shared';
import { api } from '../../../lib/api';
import type { GroupPayload } from './create-group';
import { groupQueryOptions } from './get-group';
import { invalidateGroups } from './invalidate';

/** POST /admin/group/{id}: renames the group and replaces its members. */
export function useUpdateGroup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GroupPayload) =>
      (await api.post<GroupDetail>(`/admin/group/${encodeURIComponent(id)}`, body)).data,
    onSuccess: async (group) => {
      queryClient.setQueryData(groupQueryOptions(id).queryKey, group);
      await invalidateGroups(queryClient);
    },
  });
}

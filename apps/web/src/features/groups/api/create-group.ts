import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail } from '@timbro/shared';
import { api } from '../../../lib/api';
import { invalidateGroups } from './invalidate';

export interface GroupPayload {
  name: string;
  /** Employee record ids (UserInfo). */
  members: string[];
}

/** POST /admin/group. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GroupPayload) => (await api.post<GroupDetail>('/admin/group', body)).data,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

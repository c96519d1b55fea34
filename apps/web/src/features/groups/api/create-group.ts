import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupDetail, GroupInputSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { invalidateGroups } from './invalidate';

/** The body of POST /admin/group and /admin/group/{id}: the name and the members' employee record ids (UserInfo). */
export type GroupPayload = z.input<typeof GroupInputSchema>;

/** POST /admin/group. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GroupPayload) => (await api.post<GroupDetail>('/admin/group', body)).data,
    onSuccess: () => invalidateGroups(queryClient),
  });
}

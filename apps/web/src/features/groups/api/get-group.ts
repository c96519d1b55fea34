import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '@timbro/shared';
import { api } from '../../../lib/api';
import { GROUPS_KEY } from '../../../lib/query-keys';

/** GET /admin/group/{id}: a group and its members. */
export const groupQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<GroupDetail>(`/admin/group/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useGroup = (id: string) => useQuery(groupQueryOptions(id));

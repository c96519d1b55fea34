import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { GROUPS_KEY } from '../query-keys';

export interface GroupRef {
  id: string;
  name: string;
}

/** GET /attendance/ajax/groups: every group of the workspace, for filters and pickers. */
export const groupLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'lookup'] as const,
    queryFn: async ({ signal }) => (await api.get<GroupRef[]>('/attendance/ajax/groups', undefined, signal)).data,
  });

export const useGroupLookup = () => useQuery(groupLookupQueryOptions());

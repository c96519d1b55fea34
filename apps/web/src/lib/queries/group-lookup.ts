import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupRefSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../api';
import { GROUPS_KEY } from '../query-keys';

export type GroupRef = z.output<typeof GroupRefSchema>;

/** GET /attendance/ajax/groups: every group of the workspace, for filters and pickers. */
export const groupLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'lookup'] as const,
    queryFn: async ({ signal }) => (await api.get<GroupRef[]>('/attendance/ajax/groups', undefined, signal)).data,
  });

export const useGroupLookup = () => useQuery(groupLookupQueryOptions());

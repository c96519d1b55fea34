import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@timbro/shared';
import { api } from '../../../lib/api';
import { USERS_KEY } from '../../../lib/query-keys';

/**
 * GET /admin/user/{id}: the employee whose documents are shown (for the name in the header). Features do not import
 * each other, so the call is repeated here, under the users' key: the same cache entry as the user pages, refreshed
 * when the record changes.
 */
export const employeeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<User>(`/admin/user/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useEmployee = (id: string) => useQuery(employeeQueryOptions(id));

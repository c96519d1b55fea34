import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@timbro/shared';
import { api } from '../../../lib/api';
import { USERS_KEY } from '../../../lib/query-keys';

/** GET /admin/user/{id}: one employee record (the UserInfo id). */
export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<User>(`/admin/user/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useUser = (id: string) => useQuery(userQueryOptions(id));

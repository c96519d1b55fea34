import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserLookupSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../api';
import { USERS_KEY } from '../query-keys';

/** A colleague by the workspace's name (the lookup never carries login e-mails). */
export type UserLookupItem = z.output<typeof UserLookupSchema>[number];

/** GET /ajax/users: the people of the workspace, for pickers (disabled ones too when asked). */
export const userLookupQueryOptions = (includeDisabled: boolean) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'lookup', { includeDisabled }] as const,
    queryFn: async ({ signal }) =>
      (await api.get<UserLookupItem[]>('/ajax/users', { include_disabled: includeDisabled }, signal)).data,
  });

export const useUserLookup = (includeDisabled = true) => useQuery(userLookupQueryOptions(includeDisabled));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { USERS_KEY } from './get-users';


export interface UnboundUser {
  id: string;
  firstName: string;
  lastName: string;
  /** Masked: m***@example.it. */
  emailHint: string;
  fiscalCode: string;
}

/**
 * GET /admin/user/search-unbound: platform accounts with this fiscal code that are not in the workspace yet, less
 * the ones the admin said are not the person (`exclude_ids[]`, at most 100).
 */
export const searchUnboundQueryOptions = (fiscalCode: string, excludeIds: readonly string[] = []) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'search-unbound', fiscalCode, excludeIds] as const,
    queryFn: async ({ signal }) =>
      (await api.get<UnboundUser[]>('/admin/user/search-unbound', { fiscal_code: fiscalCode, exclude_ids: excludeIds.length > 0 ? excludeIds.slice(-100) : undefined }, signal)).data,
    staleTime: 60_000,
  });

/** Runs only for a valid fiscal code (the caller decides). */
export const useSearchUnbound = (fiscalCode: string | null, excludeIds: readonly string[] = []) =>
  useQuery({ ...searchUnboundQueryOptions(fiscalCode ?? '', excludeIds), enabled: !!fiscalCode });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnboundUserSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { USERS_KEY } from '../../../lib/query-keys';

/** A record of this workspace that is not active (invitation pending or declined); the e-mail is masked. */
export type UnboundUser = z.output<typeof UnboundUserSchema>;

/**
 * GET /admin/user/search-unbound: this workspace's own records with this fiscal code that are not active members
 * (an invitation pending or declined), less the ones the admin set aside (`exclude_ids[]`, at most 100). It never
 * looks at other companies or platform accounts (ADR 0015).
 */
export const searchUnboundQueryOptions = (fiscalCode: string, excludeIds: readonly string[] = []) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'search-unbound', fiscalCode, excludeIds] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<UnboundUser[]>(
          '/admin/user/search-unbound',
          { fiscal_code: fiscalCode, exclude_ids: excludeIds.length > 0 ? excludeIds.slice(-100) : undefined },
          signal,
        )
      ).data,
    staleTime: 60_000,
  });

/** Runs only for a valid fiscal code (the caller decides). */
export const useSearchUnbound = (fiscalCode: string | null, excludeIds: readonly string[] = []) =>
  useQuery({ ...searchUnboundQueryOptions(fiscalCode ?? '', excludeIds), enabled: !!fiscalCode });

import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReachPage, ReachQuerySchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { ANNOUNCEMENTS_KEY } from '../../../lib/query-keys';
import { invalidateAnnouncements } from './invalidate';

export type ReachStatus = z.output<typeof ReachQuerySchema>['status'];
export type ReachRow = ReachPage['items'][number];

export interface ReachParams {
  page: number;
  perPage: number;
  status: ReachStatus;
}

/** GET /admin/announcement/{id}/reach: each recipient's funnel (notified, e-mailed, opened, acknowledged), paged. */
export const reachQueryOptions = (id: string, params: ReachParams) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, 'reach', id, params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<ReachPage>(
          `/admin/announcement/${encodeURIComponent(id)}/reach`,
          { page: params.page, per_page: params.perPage, status: params.status },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useReach = (id: string, params: ReachParams) => useQuery(reachQueryOptions(id, params));

/**
 * POST /admin/announcement/{id}/remind: one reminder to each recipient who has not read it (or not acknowledged it,
 * when asked); the next one waits 24 hours (409 before then, before it is sent, or when nobody is left).
 */
export function useRemindAnnouncement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<{ message: string; reminded: number }>(`/admin/announcement/${encodeURIComponent(id)}/remind`))
        .data,
    onSuccess: () => invalidateAnnouncements(queryClient),
  });
}

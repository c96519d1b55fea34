import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyAnnouncement, MyAnnouncementPage } from '@timbro/shared';
import { api } from '../../../lib/api';
import { ANNOUNCEMENTS_KEY } from '../../../lib/query-keys';
import { invalidateAfterReading, MY_ANNOUNCEMENTS_LIST_KEY } from './invalidate';

/** GET /member/announcement: the member's announcements, unread first, then newest; with the unread count. */
export const myAnnouncementsQueryOptions = (params: { page: number; perPage: number }) =>
  queryOptions({
    queryKey: [...MY_ANNOUNCEMENTS_LIST_KEY, params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<MyAnnouncementPage>(
          '/member/announcement',
          { page: params.page, per_page: params.perPage },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useMyAnnouncements = (params: { page: number; perPage: number }) =>
  useQuery(myAnnouncementsQueryOptions(params));

const fetchMyAnnouncement = async (id: string, signal?: AbortSignal) =>
  (await api.get<MyAnnouncement>(`/member/announcement/${encodeURIComponent(id)}`, undefined, signal)).data;

export const myAnnouncementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, 'mine', 'detail', id] as const,
    queryFn: ({ signal }) => fetchMyAnnouncement(id, signal),
  });

/**
 * GET /member/announcement/{id}: one of the member's announcements. Opening it records the read on the server (and
 * reads its notifications), so each answer refreshes the list's unread marks and the header's bell.
 */
export function useMyAnnouncement(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...myAnnouncementQueryOptions(id),
    queryFn: async ({ signal }) => {
      const data = await fetchMyAnnouncement(id, signal);
      void invalidateAfterReading(queryClient);
      return data;
    },
  });
}

/** POST /member/announcement/{id}/acknowledge: "Confermo la presa visione"; answers the record as it is now. */
export function useAcknowledgeAnnouncement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await api.post<MyAnnouncement>(`/member/announcement/${encodeURIComponent(id)}/acknowledge`)).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(myAnnouncementQueryOptions(id).queryKey, saved);
      await invalidateAfterReading(queryClient);
    },
  });
}

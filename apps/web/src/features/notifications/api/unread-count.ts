import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { UnreadCount } from '@timbro/shared';
import { api } from '../../../lib/api';
import { NOTIFICATIONS_KEY } from '../../../lib/query-keys';

export const unreadCountKey = [...NOTIFICATIONS_KEY, 'unread-count'] as const;

/** GET /notification/unread-count: the polling fallback of the stream. */
export async function fetchUnreadCount(signal?: AbortSignal): Promise<number> {
  return (await api.get<UnreadCount>('/notification/unread-count', undefined, signal)).data.unread;
}

/**
 * The bell's count: asked once when the bell appears, then written by the live feed (the stream's `unread` events,
 * or its polls), by the list's answers and by the mark-read calls. Never stale by time; invalidating the centre's
 * root (NOTIFICATIONS_KEY: a screen that read notifications on the server, like an announcement's page) asks again.
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: unreadCountKey,
    queryFn: ({ signal }) => fetchUnreadCount(signal),
    staleTime: Infinity,
  });

/** The unread count, or undefined until the feed has told it. */
export const useUnreadCount = () => useQuery(unreadCountQueryOptions()).data;

export const setUnreadCount = (queryClient: QueryClient, unread: number) =>
  queryClient.setQueryData(unreadCountKey, unread);

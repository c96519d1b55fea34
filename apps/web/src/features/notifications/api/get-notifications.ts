import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Notification, NotificationPage } from '@timbro/shared';
import { api } from '../../../lib/api';
import { NOTIFICATIONS_KEY } from '../../../lib/query-keys';
import { unreadCountKey } from './unread-count';

/** How many notifications the centre loads at a time ("Carica altre" asks for the next ones). */
export const NOTIFICATION_PAGE_SIZE = 10;

export const notificationListKey = [...NOTIFICATIONS_KEY, 'list'] as const;

/**
 * GET /notification (channel web): the centre's list, newest first, page by page. Each answer carries the unread
 * count too, which keeps the bell in step (after a read in another tab, say).
 */
export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationListKey,
    queryFn: async ({ pageParam, signal, client }) => {
      const { data } = await api.get<NotificationPage>(
        '/notification',
        { page: pageParam, per_page: NOTIFICATION_PAGE_SIZE, channel: 'web' },
        signal,
      );
      client.setQueryData(unreadCountKey, data.unread);
      return data;
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.perPage < last.total ? last.page + 1 : undefined),
  });

export const useNotifications = () => useInfiniteQuery(notificationsQueryOptions());

/** The newest unread notifications (at most `count`): what the live stack shows when the count rises. */
export async function fetchNewestUnread(count: number, signal?: AbortSignal): Promise<Notification[]> {
  const { data } = await api.get<NotificationPage>(
    '/notification',
    { page: 1, per_page: count, channel: 'web', unread: true },
    signal,
  );
  return data.items;
}

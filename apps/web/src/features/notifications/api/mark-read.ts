import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Notification, NotificationPage } from '@timbro/shared';
import { api } from '../../../lib/api';
import { notificationListKey } from './get-notifications';
import { setUnreadCount, unreadCountKey } from './unread-count';

/** POST /notification/{id}/read: the row is updated in the loaded list and the count goes down by one. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (notification: Notification) =>
      (await api.post<Notification>(`/notification/${encodeURIComponent(notification.id)}/read`)).data,
    onSuccess: async (read, before) => {
      queryClient.setQueryData<InfiniteData<NotificationPage>>(notificationListKey, (list) =>
        list
          ? {
              ...list,
              pages: list.pages.map((p) => ({ ...p, items: p.items.map((n) => (n.id === read.id ? read : n)) })),
            }
          : list,
      );
      const count = queryClient.getQueryData<number>(unreadCountKey);
      if (before.readAt === null && count !== undefined) setUnreadCount(queryClient, Math.max(0, count - 1));
      // The server's own count on the next look at the list.
      await queryClient.invalidateQueries({ queryKey: notificationListKey, refetchType: 'none' });
    },
  });
}

/** POST /notification/read-all: every notification read; the count is the server's answer. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ updated: number; unread: number }>('/notification/read-all')).data,
    onSuccess: async ({ unread }) => {
      setUnreadCount(queryClient, unread);
      await queryClient.invalidateQueries({ queryKey: notificationListKey });
    },
  });
}

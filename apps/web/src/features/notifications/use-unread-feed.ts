import { useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@timbro/shared';
import { NOTIFICATION_DEFAULTS } from '@timbro/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth/auth-context';
import { fetchNewestUnread, notificationListKey } from './api/get-notifications';
import { openNotificationStream } from './api/notification-stream';
import { fetchUnreadCount, setUnreadCount, unreadCountKey } from './api/unread-count';
import { startSharedUnreadFeed } from './shared-feed';
import type { FeedMode } from './unread-feed';

/**
 * Keeps the bell's count live in the active workspace (the stream, or polling when the stream keeps failing; one
 * stream shared by the browser's tabs) and tells `onArrived` of what is new. The first count is the starting point;
 * after it, a count higher than the one the page knew means something new arrived: the list is asked again and the newest unread ones (as many as the
 * rise, at most the live stack's three) are handed over, oldest first, each at most once. Every later stream event
 * makes the list stale too: the server sends one per new notification even when the count stays (one read, one new).
 * Returns how the count arrives (for the bell's data attribute), null before the first.
 */
export function useUnreadFeed(onArrived: (items: Notification[]) => void): FeedMode | null {
  const queryClient = useQueryClient();
  const { workspaceId, user } = useAuth();
  const userId = user?.id ?? null;
  const [mode, setMode] = useState<FeedMode | null>(null);
  const arrived = useRef(onArrived);
  useEffect(() => {
    arrived.current = onArrived;
  }, [onArrived]);

  useEffect(() => {
    if (!workspaceId || !userId) return;
    let first = true;
    const shown = new Set<string>();
    const lookups = new AbortController();
    // One stream per browser, account and company: the tabs share it (shared-feed.ts).
    const stop = startSharedUnreadFeed(`${userId}:${workspaceId}`, {
      openStream: openNotificationStream,
      fetchCount: fetchUnreadCount,
      onMode: setMode,
      onCount(unread, from) {
        const before = queryClient.getQueryData<number>(unreadCountKey);
        setUnreadCount(queryClient, unread);
        if (first) {
          first = false;
          return;
        }
        if (from === 'stream' || unread !== before)
          void queryClient.invalidateQueries({ queryKey: notificationListKey });
        if (before === undefined || unread <= before) return;
        fetchNewestUnread(Math.min(unread - before, NOTIFICATION_DEFAULTS.max), lookups.signal)
          .then((items) => {
            const fresh = items.filter((n) => !shown.has(n.id));
            for (const n of fresh) shown.add(n.id);
            if (fresh.length > 0 && !lookups.signal.aborted) arrived.current(fresh.reverse());
          })
          .catch(() => undefined);
      },
    });
    return () => {
      lookups.abort();
      stop();
    };
  }, [queryClient, workspaceId, userId]);

  return mode;
}

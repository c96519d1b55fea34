import type { QueryClient } from '@tanstack/react-query';
import { ANNOUNCEMENTS_KEY, AUDIT_KEY, NOTIFICATIONS_KEY } from '../../../lib/query-keys';

/** After an announcement is saved, deleted or a reminder goes: its lists, records and reach, and the audit trail. */
export async function invalidateAnnouncements(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  ]);
}

/** The member's own list (and the dashboard's widget on it). */
export const MY_ANNOUNCEMENTS_LIST_KEY = [...ANNOUNCEMENTS_KEY, 'mine', 'list'] as const;

/**
 * After the member opened or acknowledged one: their list (its unread marks and count) and the notification centre
 * (the server read the announcement's notifications too), not the record itself, which the caller already has.
 */
export async function invalidateAfterReading(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: MY_ANNOUNCEMENTS_LIST_KEY }),
    queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  ]);
}

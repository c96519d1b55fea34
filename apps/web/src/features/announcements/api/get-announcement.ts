import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnnouncement } from '@timbro/shared';
import { api } from '../../../lib/api';
import { ANNOUNCEMENTS_KEY } from '../../../lib/query-keys';

/** GET /admin/announcement/{id}: one announcement with its audience, attachments and reach. */
export const announcementQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<AdminAnnouncement>(`/admin/announcement/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useAnnouncement = (id: string) => useQuery(announcementQueryOptions(id));

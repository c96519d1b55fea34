import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnnouncementPage, AnnouncementState, ListAnnouncementsQuerySchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { ANNOUNCEMENTS_KEY } from '../../../lib/query-keys';

export type AnnouncementSortField = z.output<typeof ListAnnouncementsQuerySchema>['sort'];

export const ANNOUNCEMENT_SORT_FIELDS: readonly AnnouncementSortField[] = ['sendAt', 'title', 'createdAt'];
/** The API's states: to be processed (scheduled), being processed (its time has come), published. */
export const ANNOUNCEMENT_STATES: readonly AnnouncementState[] = ['scheduled', 'processing', 'published'];
export const isAnnouncementState = (v: string): v is AnnouncementState =>
  (ANNOUNCEMENT_STATES as readonly string[]).includes(v);

export interface AnnouncementsParams {
  page: number;
  perPage: number;
  sort: AnnouncementSortField;
  order: 'asc' | 'desc';
  state?: AnnouncementState;
  search?: string;
}

/** GET /admin/announcement: one page of the workspace's announcements, each with its audience and reach. */
export const announcementsQueryOptions = (params: AnnouncementsParams) =>
  queryOptions({
    queryKey: [...ANNOUNCEMENTS_KEY, 'list', params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<AdminAnnouncementPage>(
          '/admin/announcement',
          {
            page: params.page,
            per_page: params.perPage,
            sort: params.sort,
            order: params.order,
            state: params.state,
            search: params.search || undefined,
          },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useAnnouncements = (params: AnnouncementsParams) => useQuery(announcementsQueryOptions(params));

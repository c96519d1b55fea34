import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupPageSchema, ListGroupsQuerySchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { apiPageQuery, type PageParams } from '../../../lib/api-page-query';
import { GROUPS_KEY } from '../../../lib/query-keys';

export type GroupSortField = z.output<typeof ListGroupsQuerySchema>['sort'];
export const GROUP_SORT_FIELDS: readonly GroupSortField[] = ['name', 'usersCount', 'createdAt'];

export type GroupsParams = PageParams<GroupSortField>;

export type GroupPage = z.output<typeof GroupPageSchema>;

/** GET /admin/group: one page of groups with their member counts. */
export const groupsQueryOptions = (params: GroupsParams) =>
  queryOptions({
    queryKey: [...GROUPS_KEY, 'list', params] as const,
    queryFn: async ({ signal }) => (await api.get<GroupPage>('/admin/group', apiPageQuery(params), signal)).data,
    placeholderData: keepPreviousData,
  });

export const useGroups = (params: GroupsParams) => useQuery(groupsQueryOptions(params));

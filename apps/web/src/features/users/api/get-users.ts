import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationStatus, ListUsersQuery, UserPage, WorkspaceRole } from '@timbro/shared';
import { api } from '../../../lib/api';
import { apiPageQuery } from '../../../lib/api-page-query';
import { USERS_KEY } from '../../../lib/query-keys';

export type UserSortField = ListUsersQuery['sort'];
export const USER_SORT_FIELDS: readonly UserSortField[] = [
  'lastName',
  'firstName',
  'email',
  'fiscalCode',
  'createdAt',
  'lastLoginWebAt',
];

export interface UserFilters {
  search?: string;
  role?: WorkspaceRole;
  groupId?: string;
  enabled?: boolean;
  invitation?: InvitationStatus;
}

export interface UsersParams extends UserFilters {
  page: number;
  perPage: number;
  sort: UserSortField;
  order: 'asc' | 'desc';
}

/** The filters as the API names them (shared by the list and the XLSX export). */
export function userFilterQuery(f: UserFilters) {
  return {
    search: f.search || undefined,
    role: f.role,
    group_id: f.groupId,
    enabled: f.enabled,
    invitation: f.invitation,
  };
}

/** GET /admin/user: one page of employee records, sorted and filtered by the server. */
export const usersQueryOptions = (params: UsersParams) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'list', params] as const,
    queryFn: async ({ signal }) =>
      (await api.get<UserPage>('/admin/user', { ...apiPageQuery(params), ...userFilterQuery(params) }, signal)).data,
    placeholderData: keepPreviousData,
  });

export const useUsers = (params: UsersParams) => useQuery(usersQueryOptions(params));

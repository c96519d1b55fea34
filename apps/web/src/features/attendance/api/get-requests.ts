import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JustificationRequestPageSchema, ListRequestsQuery, RequestStatus } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

export type RequestPage = z.output<typeof JustificationRequestPageSchema>;

export type RequestSortField = ListRequestsQuery['sort'];

export interface RequestListParams {
  page: number;
  perPage: number;
  sort?: RequestSortField;
  order?: 'asc' | 'desc';
  status?: RequestStatus;
  from?: string;
  to?: string;
  userInfoId?: string;
  groupId?: string;
  justificationId?: string;
  search?: string;
}

const toQuery = (p: RequestListParams) => ({
  page: p.page,
  per_page: p.perPage,
  sort: p.sort,
  order: p.order,
  status: p.status,
  from: p.from,
  to: p.to,
  user_info_id: p.userInfoId,
  group_id: p.groupId,
  justification_id: p.justificationId,
  search: p.search || undefined,
});

/** GET /admin/justification-request: the workspace's absence requests, filtered, sorted and paginated by the server. */
export const adminRequestsQueryOptions = (params: RequestListParams) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'requests', 'admin', params] as const,
    queryFn: async ({ signal }) =>
      (await api.get<RequestPage>('/admin/justification-request', toQuery(params), signal)).data,
    placeholderData: keepPreviousData,
  });

export const useAdminRequests = (params: RequestListParams, enabled = true) =>
  useQuery({ ...adminRequestsQueryOptions(params), enabled });

/** GET /member/justification-request: my own requests. */
export const myRequestsQueryOptions = (params: RequestListParams) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'requests', 'member', params] as const,
    queryFn: async ({ signal }) =>
      (await api.get<RequestPage>('/member/justification-request', toQuery(params), signal)).data,
    placeholderData: keepPreviousData,
  });

export const useMyRequests = (params: RequestListParams, enabled = true) =>
  useQuery({ ...myRequestsQueryOptions(params), enabled });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListPlatformWorkspacesQuerySchema, PlatformWorkspacePageSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { apiPageQuery, type PageParams } from '../../../lib/api-page-query';
import { PLATFORM_KEY } from '../../../lib/query-keys';

export type PlatformWorkspaceSortField = z.output<typeof ListPlatformWorkspacesQuerySchema>['sort'];
/** The API's sort fields (packages/shared/src/schemas/platform.ts), mirrored: the web imports no schema values. */
export const PLATFORM_WORKSPACE_SORT_FIELDS: readonly PlatformWorkspaceSortField[] = [
  'name',
  'createdAt',
  'employeesCount',
  'adminsCount',
];

export type PlatformWorkspacesParams = PageParams<PlatformWorkspaceSortField>;

export type PlatformWorkspacePage = z.output<typeof PlatformWorkspacePageSchema>;
export type PlatformWorkspace = PlatformWorkspacePage['items'][number];

/** GET /platform/workspace: one page of the platform's workspaces with their head counts. */
export const platformWorkspacesQueryOptions = (params: PlatformWorkspacesParams) =>
  queryOptions({
    queryKey: [...PLATFORM_KEY, 'workspaces', params] as const,
    queryFn: async ({ signal }) =>
      (await api.get<PlatformWorkspacePage>('/platform/workspace', apiPageQuery(params), signal)).data,
    placeholderData: keepPreviousData,
  });

export const usePlatformWorkspaces = (params: PlatformWorkspacesParams) =>
  useQuery(platformWorkspacesQueryOptions(params));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageUsageSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { WORKSPACE_KEY } from '../../../lib/query-keys';
import { useAuth } from '../../../lib/auth/auth-context';

export type StorageUsage = z.output<typeof StorageUsageSchema>;

/** GET /admin/file/storage: the active company's file storage, used and quota (issue 30 item 8). */
export const storageQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: [...WORKSPACE_KEY, 'storage', workspaceId] as const,
    queryFn: async ({ signal }) => (await api.get<StorageUsage>('/admin/file/storage', undefined, signal)).data,
  });

export function useStorage() {
  const workspaceId = useAuth().workspaceId ?? '';
  return useQuery({ ...storageQueryOptions(workspaceId), enabled: workspaceId !== '' });
}

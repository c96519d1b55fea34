import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkspaceSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { WORKSPACE_KEY } from '../../../lib/query-keys';
import { useAuth } from '../../../lib/auth/auth-context';

export type Workspace = z.output<typeof WorkspaceSchema>;

/** GET /admin/workspace/{id}: the active workspace's company details, approval setting and time zone. */
export const workspaceQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: [...WORKSPACE_KEY, 'details', workspaceId] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Workspace>(`/admin/workspace/${workspaceId}`, undefined, signal)).data,
  });

/** The active workspace's details (the id is the one every request sends). */
export function useWorkspace() {
  const workspaceId = useAuth().workspaceId ?? '';
  return useQuery({ ...workspaceQueryOptions(workspaceId), enabled: workspaceId !== '' });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WorkspaceQuotaInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { PLATFORM_KEY } from '../../../lib/query-keys';
import type { PlatformWorkspace } from './get-platform-workspaces';

/** POST /platform/workspace/{id}/quota: a company's file storage quota (issue 30 item 8). */
export function useSetWorkspaceQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, quota }: { id: string; quota: WorkspaceQuotaInput }) =>
      (await api.post<PlatformWorkspace>(`/platform/workspace/${id}/quota`, quota)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLATFORM_KEY }),
  });
}

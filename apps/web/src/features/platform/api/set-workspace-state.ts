import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PLATFORM_KEY } from '../../../lib/query-keys';
import type { PlatformWorkspace } from './get-platform-workspaces';

export type WorkspaceStateAction = 'disable' | 'enable';

/** POST /platform/workspace/{id}/disable or /enable. A refusal (already in that state) refreshes the list too. */
export function useSetWorkspaceState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: WorkspaceStateAction }) =>
      (await api.post<PlatformWorkspace>(`/platform/workspace/${id}/${action}`)).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLATFORM_KEY }),
  });
}

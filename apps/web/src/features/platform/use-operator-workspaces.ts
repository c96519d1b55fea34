import { useCallback } from 'react';
import { useAuth } from '../../lib/auth/auth-context';
import { workspaceStore } from '../../lib/workspace-store';

/**
 * After a workspace is created, disabled or enabled, the operator's own workspaces (the switcher) follow. Disabling
 * the workspace the operator is in moves them to another one first: the server refuses a disabled one in the
 * workspace header, even for the platform's calls. A failure here only leaves the switcher stale until the next load.
 */
export function useRefreshOperatorWorkspaces() {
  const { workspaceId, workspaces, switchWorkspace, reload } = useAuth();
  return useCallback(
    async (disabledId?: string) => {
      try {
        if (disabledId && workspaceId === disabledId) {
          const other = workspaces.find((w) => w.id !== disabledId);
          if (other) return await switchWorkspace(other.id);
          workspaceStore.set(null);
        }
        await reload();
      } catch {
        // The platform's list is already fresh; the switcher catches up on the next load.
      }
    },
    [workspaceId, workspaces, switchWorkspace, reload],
  );
}

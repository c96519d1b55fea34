import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateWorkspaceInputSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { AUDIT_KEY } from '../../../lib/query-keys';
import { workspaceQueryOptions, type Workspace } from './get-workspace';

export type UpdateWorkspaceBody = z.input<typeof UpdateWorkspaceInputSchema>;

/**
 * POST /admin/workspace/{id}: the company details, with the approval setting or the time zone when given (the server
 * keeps what is left out). Answers the saved workspace; `onSaved` runs after the cache is updated (the header's
 * name and logo come from the workspace list, which the caller reloads).
 */
export function useUpdateWorkspace(workspaceId: string, onSaved?: (saved: Workspace) => Promise<void> | void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateWorkspaceBody) =>
      (await api.post<Workspace>(`/admin/workspace/${workspaceId}`, body)).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(workspaceQueryOptions(workspaceId).queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
      await onSaved?.(saved);
    },
  });
}

/**
 * The company fields as the update takes them back (the approval and time-zone switches send them unchanged). A company
 * without an e-mail (an old one) is refused by the server with "Inserisci l'indirizzo email": the details come first.
 */
export const companyOf = (w: Workspace): UpdateWorkspaceBody['workspace_company'] => ({
  ...w.workspace_company,
  email: w.workspace_company.email ?? '',
});

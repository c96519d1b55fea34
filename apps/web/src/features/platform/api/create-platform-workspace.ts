import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePlatformWorkspaceInputSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { PLATFORM_KEY } from '../../../lib/query-keys';
import type { PlatformWorkspace } from './get-platform-workspaces';

/** The body of POST /platform/workspace: the company and its first admin. */
export type CreatePlatformWorkspacePayload = z.input<typeof CreatePlatformWorkspaceInputSchema>;

/** POST /platform/workspace: the workspace with its defaults, and the invitation of its first admin. */
export function useCreatePlatformWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreatePlatformWorkspacePayload) =>
      (await api.post<PlatformWorkspace>('/platform/workspace', body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLATFORM_KEY }),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { WORKSPACE_KEY } from '../query-keys';

/** A Blob as a `data:` URL for an `<img>` (a logo is at most 2 MB): nothing to revoke, safe to cache. */
export async function readAsDataUrl(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  // In slices: one call with two million arguments would overflow the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/**
 * GET /workspace/logo/{id}: one of the active workspace's logos, fetched through the API client (which sends the
 * workspace header an `<img src>` could not) and kept as a `data:` URL. A file's bytes never change (a new logo is a
 * new file), so its image never goes stale.
 */
export const workspaceLogoQueryOptions = (fileId: string) =>
  queryOptions({
    queryKey: [...WORKSPACE_KEY, 'logo', fileId] as const,
    queryFn: async () => readAsDataUrl((await api.blob(`/workspace/logo/${fileId}`)).data),
    staleTime: Infinity,
    retry: false,
  });

/** The image of a stored logo for an `<img>`: null without a logo, while it loads, or when it cannot be had. */
export function useWorkspaceLogoUrl(fileId: string | null | undefined): string | null {
  const query = useQuery({ ...workspaceLogoQueryOptions(fileId ?? ''), enabled: !!fileId });
  return fileId ? (query.data ?? null) : null;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Document } from '@timbro/shared';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { invalidateDocuments } from './invalidate';

/** Who downloads: an admin (the open is logged) or the employee (the first download sets attachmentFirstOpenAt). */
export type DownloadSide = 'admin' | 'member';

export const documentAttachmentPath = (id: string, side: DownloadSide) =>
  `/${side}/document/${encodeURIComponent(id)}/attachment`;

/**
 * GET /admin/document/{id}/attachment or GET /member/document/{id}/attachment: through the API client (workspace
 * header, session refresh, errors as JSON), saved under the server's file name.
 */
export function useDownloadDocument(side: DownloadSide) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (doc: Pick<Document, 'id' | 'attachment'>) => {
      const res = await api.blob(documentAttachmentPath(doc.id, side));
      saveBlob(res.data, res.headers, doc.attachment.name);
    },
    // The open counts and the employee's first open change.
    onSuccess: () => invalidateDocuments(queryClient),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { StoredFile } from '@timbro/shared';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';

/** Who downloads: an admin (the open is logged, never counted as a read) or a recipient. */
export type AttachmentSide = 'admin' | 'member';

export const attachmentPath = (side: AttachmentSide, announcementId: string, fileId: string) =>
  `/${side}/announcement/${encodeURIComponent(announcementId)}/attachment/${encodeURIComponent(fileId)}`;

/**
 * GET /admin/announcement/{id}/attachment/{fileId} or GET /member/announcement/{id}/attachment/{fileId}: through the
 * API client (workspace header, session refresh, errors as JSON), saved under the server's file name.
 */
export function useDownloadAttachment(side: AttachmentSide, announcementId: string) {
  return useMutation({
    mutationFn: async (file: Pick<StoredFile, 'id' | 'name'>) => {
      const res = await api.blob(attachmentPath(side, announcementId, file.id));
      saveBlob(res.data, res.headers, file.name);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAnnouncement, AudienceInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { announcementQueryOptions } from './get-announcement';
import { invalidateAnnouncements } from './invalidate';

/** What the form sends (AnnouncementFieldsSchema's multipart fields, and the new files). */
export interface AnnouncementPayload {
  title: string;
  /** The editor's HTML (the server sanitises it). */
  content: string;
  /** "YYYY-MM-DD HH:mm" in the workspace's zone, or null for "now". */
  sendAt: string | null;
  audience: Required<AudienceInput>;
  requiresAck: boolean;
  /** Editing: the ids of the stored attachments to keep (the others go). */
  keepAttachmentIds?: string[];
  files: File[];
}

/**
 * The multipart body both routes read: the fields as text parts first (no `sendAt` for "now"), then one `file` part
 * per new file.
 */
export function announcementFormData(payload: AnnouncementPayload): FormData {
  const form = new FormData();
  form.append('title', payload.title.trim());
  form.append('content', payload.content);
  // "Now" is no time at all: the server reads an absent sendAt as now and refuses an empty one (a cleared time).
  if (payload.sendAt !== null) form.append('sendAt', payload.sendAt);
  form.append('audience', JSON.stringify(payload.audience));
  form.append('requiresAck', String(payload.requiresAck));
  if (payload.keepAttachmentIds) form.append('keepAttachmentIds', payload.keepAttachmentIds.join(','));
  // The files go last: the server reads the text fields before the streams of the files.
  for (const file of payload.files) form.append('file', file, file.name);
  return form;
}

/** POST /admin/announcement: a new announcement, sent at its time (now when none). */
export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: AnnouncementPayload) =>
      (await api.post<AdminAnnouncement>('/admin/announcement', announcementFormData(payload))).data,
    onSuccess: () => invalidateAnnouncements(queryClient),
  });
}

/**
 * POST /admin/announcement/{id}: before it is processed everything changes (a new time reschedules it); after, the
 * server keeps the time, the recipients and the acknowledgement as they were and sends nothing again.
 */
export function useUpdateAnnouncement(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: AnnouncementPayload) =>
      (
        await api.post<AdminAnnouncement>(
          `/admin/announcement/${encodeURIComponent(id)}`,
          announcementFormData(payload),
        )
      ).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(announcementQueryOptions(id).queryKey, saved);
      await invalidateAnnouncements(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminDocument, DocumentFieldsInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { invalidateDocuments } from './invalidate';

/** The form's fields (DocumentFieldsSchema) and the file: required to create, a replacement when editing. */
export type DocumentPayload = {
  label: string;
  description: string;
  /** YYYY-MM-DD, or null for no expiry (sent empty). */
  expiresAt: string | null;
  note: string;
  file: File | null;
};

/** The multipart body both routes read: the fields as text parts, the file as `file`. */
export function documentFormData(payload: DocumentPayload): FormData {
  const fields: Required<{ [K in keyof DocumentFieldsInput]: string }> = {
    label: payload.label.trim(),
    description: payload.description.trim(),
    expiresAt: payload.expiresAt ?? '',
    note: payload.note.trim(),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  // The file goes last: the server reads the text fields before the stream of the file.
  if (payload.file) form.append('file', payload.file, payload.file.name);
  return form;
}

/** POST /admin/user/{id}/document: files a document for the employee. */
export function useCreateDocument(userInfoId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: DocumentPayload) =>
      (
        await api.post<AdminDocument>(
          `/admin/user/${encodeURIComponent(userInfoId)}/document`,
          documentFormData(payload),
        )
      ).data,
    onSuccess: () => invalidateDocuments(queryClient),
  });
}

/** POST /admin/document/{id}: the fields again, and a new file when one was chosen. */
export function useUpdateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...payload }: DocumentPayload & { id: string }) =>
      (await api.post<AdminDocument>(`/admin/document/${encodeURIComponent(id)}`, documentFormData(payload))).data,
    onSuccess: () => invalidateDocuments(queryClient),
  });
}

import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '@timbro/shared';
import { api } from '../../../lib/api';

export function importFormData(file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

/** POST /admin/user/import/preview (multipart `file`): every row with its action and errors; nothing is written. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await api.post<ImportPreview>('/admin/user/import/preview', importFormData(file))).data,
  });
}

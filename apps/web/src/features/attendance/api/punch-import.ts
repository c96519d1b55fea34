import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PunchImportPreview, PunchImportResultSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { invalidateAttendance } from './keys';

export type PunchImportResult = z.output<typeof PunchImportResultSchema>;

const formData = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

/** POST /admin/punch/import/preview (multipart `file`): errors per row, stored duplicates; nothing is written. */
export function usePreviewPunchImport() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await api.post<PunchImportPreview>('/admin/punch/import/preview', formData(file))).data,
  });
}

/** POST /admin/punch/import: all or nothing; punches already stored are skipped (re-importing a file is safe). */
export function useRunPunchImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await api.post<PunchImportResult>('/admin/punch/import', formData(file))).data,
    onSuccess: () => invalidateAttendance(queryClient),
  });
}

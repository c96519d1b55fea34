import { useMutation } from '@tanstack/react-query';
import type { StoredFileSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';

export type StoredFile = z.output<typeof StoredFileSchema>;

/**
 * POST /admin/file/logo (multipart, field `file`): stores a logo (PNG, JPEG or WebP, at most 2 MB, read from its
 * content) and answers its id, which the company details then name as `logo` or `squareLogo`.
 */
export function useUploadLogo() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await api.post<StoredFile>('/admin/file/logo', form)).data;
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResultSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { invalidatePeople } from './invalidate';
import { importFormData } from './preview-import';

/** Every row enrolled someone: a new account or an invitation to an existing one (the answer does not say which). */
export type ImportResult = z.output<typeof ImportResultSchema>;

/** POST /admin/user/import: all or nothing (a row with an error refuses the whole file). */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await api.post<ImportResult>('/admin/user/import', importFormData(file))).data,
    onSuccess: () => invalidatePeople(queryClient),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidatePeople } from './invalidate';
import { importFormData } from './preview-import';

export interface ImportResult {
  created: number;
  bound: number;
}

/** POST /admin/user/import: all or nothing (a row with an error refuses the whole file). */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => (await api.post<ImportResult>('/admin/user/import', importFormData(file))).data,
    onSuccess: () => invalidatePeople(queryClient),
  });
}

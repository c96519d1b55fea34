import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { invalidateDocuments } from './invalidate';

/** DELETE /admin/document/{id}: the document and its file. */
export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`/admin/document/${encodeURIComponent(id)}`)).data,
    onSuccess: () => invalidateDocuments(queryClient),
  });
}

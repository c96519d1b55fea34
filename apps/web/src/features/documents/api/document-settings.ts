import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentSettingsResponseSchema, DocumentSettingsSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { AUDIT_KEY, DOCUMENTS_KEY } from '../../../lib/query-keys';

export type DocumentSettings = z.output<typeof DocumentSettingsResponseSchema>;
export type DocumentSettingsPayload = z.input<typeof DocumentSettingsSchema>;

/** GET /admin/document/settings: the days before an expiry when the reminders go (30, 7 and 0 unless changed). */
export const documentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: [...DOCUMENTS_KEY, 'settings'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<DocumentSettings>('/admin/document/settings', undefined, signal)).data,
  });

export const useDocumentSettings = () => useQuery(documentSettingsQueryOptions());

/** POST /admin/document/settings: new offsets (at most five, 0–365 days). */
export function useSaveDocumentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DocumentSettingsPayload) =>
      (await api.post<DocumentSettings>('/admin/document/settings', body)).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(documentSettingsQueryOptions().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

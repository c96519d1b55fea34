import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaycheckImport, PaycheckImportDetail, PublishImportInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { PAYCHECKS_KEY } from '../../../lib/query-keys';

/** How often an import being read or published is asked again (its progress bar). */
export const IMPORT_POLL_MS = 1000;
export const isWorking = (i: Pick<PaycheckImport, 'status'> | undefined) =>
  i?.status === 'waiting' || i?.status === 'analysing' || i?.status === 'publishing';

const IMPORTS_KEY = [...PAYCHECKS_KEY, 'imports'] as const;

export const importsQueryOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: [...IMPORTS_KEY, 'list', page, perPage] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<{ items: PaycheckImport[]; total: number; page: number; perPage: number }>(
          '/admin/paycheck/import',
          { page, per_page: perPage },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });
export const useImports = (page: number, perPage: number) =>
  useQuery({
    ...importsQueryOptions(page, perPage),
    refetchInterval: (q) => (q.state.data?.items.some(isWorking) ? IMPORT_POLL_MS : false),
  });

export const importQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...IMPORTS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<PaycheckImportDetail>(`/admin/paycheck/import/${encodeURIComponent(id)}`, undefined, signal)).data,
  });
/** One import, asked again every second while the job reads or publishes it. */
export const useImport = (id: string) =>
  useQuery({
    ...importQueryOptions(id),
    refetchInterval: (q) => (isWorking(q.state.data) ? IMPORT_POLL_MS : false),
  });

/** POST /admin/paycheck/import (multipart): 409 on `confirm` when the same file was imported for the month. */
export function useUploadImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (input: { year: number; month: number; file: File; confirm: boolean }) => {
      const form = new FormData();
      form.append('year', String(input.year));
      form.append('month', String(input.month));
      if (input.confirm) form.append('confirm', 'true');
      form.append('file', input.file, input.file.name);
      return (await api.post<PaycheckImport>('/admin/paycheck/import', form)).data;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: IMPORTS_KEY }),
  });
}

export function usePublishImport(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: PublishImportInput) =>
      (await api.post<{ message: string }>(`/admin/paycheck/import/${encodeURIComponent(id)}/publish`, body)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: PAYCHECKS_KEY }),
  });
}

export function useDeleteImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`/admin/paycheck/import/${encodeURIComponent(id)}`)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: IMPORTS_KEY }),
  });
}

/** The uploaded PDF, for the review's page previews. */
export const useImportFile = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: [...IMPORTS_KEY, 'file', id] as const,
    queryFn: async () =>
      new Uint8Array(
        await (await api.blob(`/admin/paycheck/import/${encodeURIComponent(id)}/file`)).data.arrayBuffer(),
      ),
    enabled,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  });

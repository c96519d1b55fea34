import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayrollExport, PayrollExportInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { MONTH_LOGS_KEY } from '../../../lib/query-keys';

/** GET /admin/month-log/{id}/exports: the payroll files made from a version, newest first. */
export const payrollExportsQueryOptions = (monthLogId: string) =>
  queryOptions({
    queryKey: [...MONTH_LOGS_KEY, 'exports', monthLogId] as const,
    queryFn: async ({ signal }) =>
      (await api.get<PayrollExport[]>(`/admin/month-log/${encodeURIComponent(monthLogId)}/exports`, undefined, signal))
        .data,
  });

export const usePayrollExports = (monthLogId: string) => useQuery(payrollExportsQueryOptions(monthLogId));

/**
 * POST /admin/month-log/{id}/export: a payroll file of the version (or of its changes since an older version). Refused
 * (409/422) with every missing or over-length payroll code; on success the file joins the history.
 */
export function useCreatePayrollExport(monthLogId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PayrollExportInput) =>
      (await api.post<PayrollExport>(`/admin/month-log/${encodeURIComponent(monthLogId)}/export`, body)).data,
    onSuccess: async (created) => {
      queryClient.setQueryData(payrollExportsQueryOptions(monthLogId).queryKey, (list) => [
        created,
        ...(list ?? []).filter((e) => e.id !== created.id),
      ]);
      // The accountant's overview counts the files.
      await queryClient.invalidateQueries({ queryKey: [...MONTH_LOGS_KEY, 'accountant-overview'] });
    },
  });
}

export const payrollExportDownloadPath = (exportId: string) =>
  `/admin/payroll-export/${encodeURIComponent(exportId)}/download`;

/**
 * GET /admin/payroll-export/{id}/download: through the API client (workspace header, session refresh, errors as
 * JSON), saved under the server's file name, as the timesheet export does.
 */
export async function downloadPayrollExport(file: Pick<PayrollExport, 'id' | 'fileName'>): Promise<void> {
  const res = await api.blob(payrollExportDownloadPath(file.id));
  saveBlob(res.data, res.headers, file.fileName);
}

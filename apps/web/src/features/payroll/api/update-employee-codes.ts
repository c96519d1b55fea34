import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayrollCodesImportResult, PayrollEmployeeCodesInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { invalidatePayrollSettings } from './invalidate';

/** PUT /admin/payroll/employees: the edited codes, all or nothing; answers how many changed. */
export function useUpdateEmployeeCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PayrollEmployeeCodesInput) =>
      (await api.request<PayrollCodesImportResult>('/admin/payroll/employees', { method: 'PUT', body })).data,
    onSuccess: () => invalidatePayrollSettings(queryClient),
  });
}

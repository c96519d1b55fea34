import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayrollCompany, PayrollCompanyInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { payrollCompanyQueryOptions } from './get-company';
import { invalidatePayrollSettings } from './invalidate';

/** PUT /admin/payroll/company: answers the saved codes (spaces dropped, item codes upper-cased). */
export function useUpdatePayrollCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PayrollCompanyInput) =>
      (await api.request<PayrollCompany>('/admin/payroll/company', { method: 'PUT', body })).data,
    onSuccess: async (saved) => {
      queryClient.setQueryData(payrollCompanyQueryOptions().queryKey, saved);
      await invalidatePayrollSettings(queryClient);
    },
  });
}

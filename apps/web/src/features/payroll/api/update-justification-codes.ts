import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayrollJustificationCodesInput } from '@timbro/shared';
import { api } from '../../../lib/api';
import { payrollJustificationsQueryOptions, type PayrollJustification } from './get-justifications';
import { invalidatePayrollSettings } from './invalidate';

/** PUT /admin/payroll/justifications: the edited codes, all or nothing; answers the whole list. */
export function useUpdateJustificationCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PayrollJustificationCodesInput) =>
      (await api.request<PayrollJustification[]>('/admin/payroll/justifications', { method: 'PUT', body })).data,
    onSuccess: async (list) => {
      queryClient.setQueryData(payrollJustificationsQueryOptions().queryKey, list);
      await invalidatePayrollSettings(queryClient);
    },
  });
}

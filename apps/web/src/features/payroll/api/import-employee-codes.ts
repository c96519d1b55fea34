import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayrollCodesImportResult } from '@timbro/shared';
import { api } from '../../../lib/api';
import { invalidatePayrollSettings } from './invalidate';

/** POST /admin/payroll/employees/import (multipart `file`): all or nothing; a refusal lists the wrong rows. */
export function useImportEmployeeCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return (await api.post<PayrollCodesImportResult>('/admin/payroll/employees/import', form)).data;
    },
    onSuccess: () => invalidatePayrollSettings(queryClient),
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayrollCompany } from '@timbro/shared';
import { api } from '../../../lib/api';
import { PAYROLL_SETTINGS_KEY } from '../../../lib/query-keys';

/** GET /admin/payroll/company: the company and branch codes, the worked and overtime items' codes (null: not set). */
export const payrollCompanyQueryOptions = () =>
  queryOptions({
    queryKey: [...PAYROLL_SETTINGS_KEY, 'company'] as const,
    queryFn: async ({ signal }) => (await api.get<PayrollCompany>('/admin/payroll/company', undefined, signal)).data,
  });

export const usePayrollCompany = () => useQuery(payrollCompanyQueryOptions());

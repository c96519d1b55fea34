import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListPayrollEmployeesQuery, PayrollEmployeePage } from '@timbro/shared';
import { api } from '../../../lib/api';
import { PAYROLL_SETTINGS_KEY } from '../../../lib/query-keys';

export type PayrollEmployeeSortField = ListPayrollEmployeesQuery['sort'];
export const PAYROLL_EMPLOYEE_SORT_FIELDS: readonly PayrollEmployeeSortField[] = ['name', 'code'];

export interface PayrollEmployeesParams {
  page: number;
  perPage: number;
  sort: PayrollEmployeeSortField;
  order: 'asc' | 'desc';
  search?: string;
  missing?: boolean;
}

/** GET /admin/payroll/employees: one page of employees with their code, and how many have none. */
export const payrollEmployeesQueryOptions = (params: PayrollEmployeesParams) =>
  queryOptions({
    queryKey: [...PAYROLL_SETTINGS_KEY, 'employees', params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<PayrollEmployeePage>(
          '/admin/payroll/employees',
          {
            page: params.page,
            per_page: params.perPage,
            sort: params.sort,
            order: params.order,
            search: params.search || undefined,
            missing: params.missing ? 'true' : undefined,
          },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const usePayrollEmployees = (params: PayrollEmployeesParams) => useQuery(payrollEmployeesQueryOptions(params));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PayrollJustificationListSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { PAYROLL_SETTINGS_KEY } from '../../../lib/query-keys';

export type PayrollJustification = z.output<typeof PayrollJustificationListSchema>[number];

/** GET /admin/payroll/justifications: every absence type with its payroll code. */
export const payrollJustificationsQueryOptions = () =>
  queryOptions({
    queryKey: [...PAYROLL_SETTINGS_KEY, 'justifications'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<PayrollJustification[]>('/admin/payroll/justifications', undefined, signal)).data,
  });

export const usePayrollJustifications = () => useQuery(payrollJustificationsQueryOptions());

import type { QueryClient } from '@tanstack/react-query';
import { AUDIT_KEY, JUSTIFICATIONS_KEY, PAYROLL_SETTINGS_KEY, USERS_KEY } from '../../../lib/query-keys';

/**
 * After a save of payroll codes: this feature's lists, the records that show the codes (employees, absence types) and
 * the audit trail are stale.
 */
export async function invalidatePayrollSettings(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PAYROLL_SETTINGS_KEY }),
    queryClient.invalidateQueries({ queryKey: USERS_KEY }),
    queryClient.invalidateQueries({ queryKey: JUSTIFICATIONS_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  ]);
}

import type { QueryClient } from '@tanstack/react-query';
import { ATTENDANCE_KEY, AUDIT_KEY, MONTH_LOGS_KEY } from '../../../lib/query-keys';

/**
 * After a close, retry or reopen: the versions, and attendance (a closed month is locked for employees, a reopened one
 * is not) and the audit trail are stale.
 */
export async function invalidateMonthLogs(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: MONTH_LOGS_KEY }),
    queryClient.invalidateQueries({ queryKey: ATTENDANCE_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  ]);
}

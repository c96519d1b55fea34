import type { QueryClient } from '@tanstack/react-query';
import { ACCRUALS_KEY, ATTENDANCE_KEY } from '../../../lib/query-keys';

/**
 * After a punch or a request changes: day sheets, lists, the timesheet and the balances (an approved request writes
 * its usage in the ledger) are stale — the employee record's balances (working-time screens) too.
 */
export async function invalidateAttendance(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ATTENDANCE_KEY }),
    queryClient.invalidateQueries({ queryKey: ACCRUALS_KEY }),
  ]);
}

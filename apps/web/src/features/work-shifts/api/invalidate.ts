import type { QueryClient } from '@tanstack/react-query';
import { ATTENDANCE_KEY, AUDIT_KEY, WORK_SHIFTS_KEY } from '../../../lib/query-keys';

/**
 * After shifts are created, changed, deleted, published or copied: the planning, the records and the swaps (a change
 * rejects open swaps), attendance (turn-based contracts expect the published shifts' time) and the audit trail.
 */
export async function invalidateWorkShifts(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: WORK_SHIFTS_KEY }),
    queryClient.invalidateQueries({ queryKey: ATTENDANCE_KEY }),
    queryClient.invalidateQueries({ queryKey: AUDIT_KEY }),
  ]);
}

import type { QueryClient } from '@tanstack/react-query';
import { ATTENDANCE_KEY, WORK_SHIFTS_KEY } from '../../../lib/query-keys';

/** The swaps' keys (lists and records, the member's and the admin's) under the work shifts' root. */
export const SWAPS_KEY = [...WORK_SHIFTS_KEY, 'swaps'] as const;
/** The member's own shifts (their list, the swap candidates, the calendar feed). */
export const MY_SHIFTS_KEY = [...WORK_SHIFTS_KEY, 'mine'] as const;

/**
 * After a swap was asked, answered or rejected: every swap list and record and the member's shifts (their open swap
 * marks); the planning's open-swap counts too, all under the work shifts' root.
 */
export async function invalidateSwaps(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: WORK_SHIFTS_KEY });
}

/**
 * After an approval: the two shifts changed hands, so the planning and the member's shifts, and the attendance a
 * turn-based contract expects from them (day sheets, timesheet, balances).
 */
export async function invalidateAfterApproval(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: WORK_SHIFTS_KEY }),
    queryClient.invalidateQueries({ queryKey: ATTENDANCE_KEY }),
  ]);
}

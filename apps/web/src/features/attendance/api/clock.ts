import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClockState } from '@timbro/shared';
import { api } from '../../../lib/api';
import { invalidateAttendance } from './keys';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

/** GET /member/clock: in or out now, since when, today's punches and the server's time. */
export const clockQueryOptions = () =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'clock'] as const,
    queryFn: async ({ signal }) => (await api.get<ClockState>('/member/clock', undefined, signal)).data,
    // The server's time drifts from the last answer: refreshed now and then, and on focus.
    refetchInterval: 5 * 60_000,
  });

export const useClock = (enabled = true) => useQuery({ ...clockQueryOptions(), enabled });

/** POST /member/clock: an entry or an exit at the SERVER's time (the browser's clock is never sent). */
export function useClockPunch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (direction: 'in' | 'out') => (await api.post<ClockState>('/member/clock', { direction })).data,
    onSuccess: async (state) => {
      queryClient.setQueryData(clockQueryOptions().queryKey, state);
      await invalidateAttendance(queryClient);
    },
    // A 409 (already in, or no entry to close) means the screen was stale: show the real state.
    onError: () => queryClient.invalidateQueries({ queryKey: clockQueryOptions().queryKey }),
  });
}

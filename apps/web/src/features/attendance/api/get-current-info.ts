import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClockState } from '@timbro/shared';
import { api } from '../../../lib/api';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

export interface CurrentAttendanceInfo {
  workspaceId: string;
  userInfoId: string | null;
  autoApprove: boolean;
  timeZone: string;
  today: string;
  contract: { id: string; type: 'fixed' | 'turn_based'; startsAt: string; endsAt: string | null; weeklyMinutes: number } | null;
  clock: ClockState | null;
}

/** GET /attendance/user-info/current: my record here (auto-approval, today's contract, the workspace's zone, clock state). */
export const currentInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'current'] as const,
    queryFn: async ({ signal }) => (await api.get<CurrentAttendanceInfo>('/attendance/user-info/current', undefined, signal)).data,
  });

export const useCurrentAttendanceInfo = () => useQuery(currentInfoQueryOptions());

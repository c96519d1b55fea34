import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentAttendanceInfoSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

export type CurrentAttendanceInfo = z.output<typeof CurrentAttendanceInfoSchema>;

/** GET /attendance/user-info/current: my record here (auto-approval, today's contract, the workspace's zone, clock state). */
export const currentInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'current'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<CurrentAttendanceInfo>('/attendance/user-info/current', undefined, signal)).data,
  });

export const useCurrentAttendanceInfo = () => useQuery(currentInfoQueryOptions());

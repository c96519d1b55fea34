import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentAttendanceInfoSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../lib/api';
import { ATTENDANCE_KEY } from '../lib/query-keys';

type CurrentInfo = z.output<typeof CurrentAttendanceInfoSchema>;

/**
 * GET /attendance/user-info/current: my attendance record here, with the workspace's today and time zone, for the
 * features that need them (the planning opens on today's week; send and publication times are in the workspace's
 * zone). Under the attendance key: the same cache entry as the clock's.
 */
export const currentInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'current'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<CurrentInfo>('/attendance/user-info/current', undefined, signal)).data,
  });

export const useCurrentInfo = () => useQuery(currentInfoQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentAttendanceInfoSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { CURRENT_INFO_PATH, takeEarly } from '../../../lib/early-requests';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

export type CurrentAttendanceInfo = z.output<typeof CurrentAttendanceInfoSchema>;

/** GET /attendance/user-info/current: my record here (auto-approval, today's contract, the workspace's zone, clock state). */
export const currentInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'current'] as const,
    // On an attendance page opened directly the answer is already on its way (lib/early-requests.ts).
    queryFn: async ({ signal }) =>
      (await takeEarly<CurrentAttendanceInfo>(CURRENT_INFO_PATH)?.catch(() => undefined)) ??
      (await api.get<CurrentAttendanceInfo>(CURRENT_INFO_PATH, undefined, signal)).data,
  });

export const useCurrentAttendanceInfo = () => useQuery(currentInfoQueryOptions());

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AttendanceData } from '@timbro/shared';
import { api } from '../../../lib/api';
import { ATTENDANCE_KEY } from '../../../lib/query-keys';

export interface AttendanceDataParams {
  from: string;
  to: string;
  /** Nobody named: one's own (employee) or everyone / the group (admin, accountant). */
  userInfoIds?: string[];
  groupId?: string;
}

/** GET /attendance/attendance-data: day sheets with every component, punches and requests (≤ 93 days). */
export const attendanceDataQueryOptions = (params: AttendanceDataParams) =>
  queryOptions({
    queryKey: [...ATTENDANCE_KEY, 'data', params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<AttendanceData>(
          '/attendance/attendance-data',
          { from: params.from, to: params.to, user_info_ids: params.userInfoIds, group_id: params.groupId },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const useAttendanceData = (params: AttendanceDataParams, enabled = true) =>
  useQuery({ ...attendanceDataQueryOptions(params), enabled });

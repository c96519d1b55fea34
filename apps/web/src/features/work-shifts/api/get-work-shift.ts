import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkShiftDetail } from '@timbro/shared';
import { api } from '../../../lib/api';
import { WORK_SHIFTS_KEY } from '../../../lib/query-keys';

/** GET /admin/work-shift/{id}: one shift, its people, warnings and swaps. */
export const workShiftQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...WORK_SHIFTS_KEY, 'detail', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<WorkShiftDetail>(`/admin/work-shift/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useWorkShift = (id: string) => useQuery(workShiftQueryOptions(id));

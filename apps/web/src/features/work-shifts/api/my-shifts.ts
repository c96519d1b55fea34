import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyShifts } from '@timbro/shared';
import { api } from '../../../lib/api';
import { MY_SHIFTS_KEY } from './swap-keys';

/** GET /member/work-shift?from&to: the member's published shifts of a range (≤ 62 days) and its holidays. */
export const myShiftsQueryOptions = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...MY_SHIFTS_KEY, 'list', range] as const,
    queryFn: async ({ signal }) =>
      (await api.get<MyShifts>('/member/work-shift', { from: range.from, to: range.to }, signal)).data,
  });

export const useMyShifts = (range: { from: string; to: string }) => useQuery(myShiftsQueryOptions(range));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Planning } from '@timbro/shared';
import { api } from '../../../lib/api';
import { WORK_SHIFTS_KEY } from '../../../lib/query-keys';

export interface PlanningParams {
  from: string;
  to: string;
  groupId?: string;
  search?: string;
  page: number;
  perPage: number;
}

/**
 * GET /admin/work-shift: a page of people (by name) × the days of [from, to] (at most 62): their shifts, drafts and
 * published, the approved absences and the holidays behind them, and how many drafts the range holds.
 */
export const planningQueryOptions = (params: PlanningParams) =>
  queryOptions({
    queryKey: [...WORK_SHIFTS_KEY, 'planning', params] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<Planning>(
          '/admin/work-shift',
          {
            from: params.from,
            to: params.to,
            groupId: params.groupId,
            search: params.search || undefined,
            page: params.page,
            per_page: params.perPage,
          },
          signal,
        )
      ).data,
    placeholderData: keepPreviousData,
  });

export const usePlanning = (params: PlanningParams, enabled = true) =>
  useQuery({ ...planningQueryOptions(params), enabled });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CopyWeekInput, CopyWeekResponseSchema, PublishInput, PublishResponse } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { invalidateWorkShifts } from './invalidate';

export type CopyWeekResponse = z.output<typeof CopyWeekResponseSchema>;

/**
 * POST /admin/work-shift/publish: the drafts of a period (of one group, when given). Never fails as a whole: the
 * answer counts the published ones and lists each skipped one with its reason and warnings.
 */
export function usePublishWorkShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PublishInput) => (await api.post<PublishResponse>('/admin/work-shift/publish', body)).data,
    onSuccess: () => invalidateWorkShifts(queryClient),
  });
}

/** POST /admin/work-shift/copy-week: a week's shifts (Monday `from`) copied as drafts to another week (Monday `to`). */
export function useCopyWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CopyWeekInput) =>
      (await api.post<CopyWeekResponse>('/admin/work-shift/copy-week', body)).data,
    onSuccess: () => invalidateWorkShifts(queryClient),
  });
}

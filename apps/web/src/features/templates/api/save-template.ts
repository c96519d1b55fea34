import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TemplateDay, TemplateDayInputSchema, TemplateWeek, TemplateWeekInputSchema } from '@timbro/shared';
import type { z } from 'zod/mini';
import { api } from '../../../lib/api';
import { TEMPLATES_KEY } from '../../../lib/query-keys';

export type TemplateDayPayload = z.input<typeof TemplateDayInputSchema>;

export type TemplateWeekPayload = z.input<typeof TemplateWeekInputSchema>;

const path = (base: string, id: string | null) => (id ? `${base}/${encodeURIComponent(id)}` : base);

/** POST /admin/template-day (new) or /admin/template-day/{id} (edit). */
export function useSaveTemplateDay(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TemplateDayPayload) =>
      (await api.post<TemplateDay>(path('/admin/template-day', id), body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

/** POST /admin/template-week (new) or /admin/template-week/{id} (edit). */
export function useSaveTemplateWeek(id: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TemplateWeekPayload) =>
      (await api.post<TemplateWeek>(path('/admin/template-week', id), body)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

/** DELETE /admin/template-day/{id} or /admin/template-week/{id} (a daily template used by a weekly one is refused). */
export function useDeleteTemplate(kind: 'day' | 'week') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.del<{ message: string }>(`/admin/template-${kind}/${encodeURIComponent(id)}`)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY }),
  });
}

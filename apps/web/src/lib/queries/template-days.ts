import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateDay } from '@timbro/shared';
import { api } from '../api';
import { TEMPLATES_KEY } from '../query-keys';

/**
 * Every daily template with its slots: GET /admin/template-day for the settings screens, or the lookup
 * GET /attendance/ajax/template-days (readable by every member of the workspace) for other screens' pickers.
 */
export const templateDaysQueryOptions = (source: 'admin' | 'lookup' = 'admin') =>
  queryOptions({
    queryKey: [...TEMPLATES_KEY, 'days', source] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<TemplateDay[]>(
          source === 'admin' ? '/admin/template-day' : '/attendance/ajax/template-days',
          undefined,
          signal,
        )
      ).data,
  });

export const useTemplateDays = (source: 'admin' | 'lookup' = 'admin') => useQuery(templateDaysQueryOptions(source));

/** GET /admin/template-day/{id}. */
export const templateDayQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...TEMPLATES_KEY, 'day', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<TemplateDay>(`/admin/template-day/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useTemplateDay = (id: string) => useQuery(templateDayQueryOptions(id));

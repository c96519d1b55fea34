import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateWeek } from '@timbro/shared';
import { api } from '../api';
import { TEMPLATES_KEY } from '../query-keys';

/**
 * Every weekly template with the slots it produces: GET /admin/template-week for the settings screens, or the lookup
 * GET /attendance/ajax/template-weeks (readable by every member of the workspace) for other screens' pickers.
 */
export const templateWeeksQueryOptions = (source: 'admin' | 'lookup' = 'admin') =>
  queryOptions({
    queryKey: [...TEMPLATES_KEY, 'weeks', source] as const,
    queryFn: async ({ signal }) =>
      (
        await api.get<TemplateWeek[]>(
          source === 'admin' ? '/admin/template-week' : '/attendance/ajax/template-weeks',
          undefined,
          signal,
        )
      ).data,
  });

export const useTemplateWeeks = (source: 'admin' | 'lookup' = 'admin') => useQuery(templateWeeksQueryOptions(source));

/** GET /admin/template-week/{id}. */
export const templateWeekQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...TEMPLATES_KEY, 'week', id] as const,
    queryFn: async ({ signal }) =>
      (await api.get<TemplateWeek>(`/admin/template-week/${encodeURIComponent(id)}`, undefined, signal)).data,
  });

export const useTemplateWeek = (id: string) => useQuery(templateWeekQueryOptions(id));

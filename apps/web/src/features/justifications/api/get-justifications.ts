import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Justification, JustificationGroup } from '@timbro/shared';
import { api } from '../../../lib/api';
import { JUSTIFICATIONS_KEY } from '../../../lib/query-keys';

/** GET /admin/justification: every absence type, enabled or not. */
export const justificationsQueryOptions = () =>
  queryOptions({
    queryKey: [...JUSTIFICATIONS_KEY, 'list'] as const,
    queryFn: async ({ signal }) => (await api.get<Justification[]>('/admin/justification', undefined, signal)).data,
  });

export const useJustifications = () => useQuery(justificationsQueryOptions());

/** GET /admin/justification-group: the groups with their absence-type counts. */
export const justificationGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...JUSTIFICATIONS_KEY, 'groups'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<JustificationGroup[]>('/admin/justification-group', undefined, signal)).data,
  });

export const useJustificationGroups = () => useQuery(justificationGroupsQueryOptions());

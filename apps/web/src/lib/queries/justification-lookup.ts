import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Justification } from '@timbro/shared';
import { api } from '../api';
import { JUSTIFICATIONS_KEY } from '../query-keys';

/** GET /attendance/ajax/justifications: the usable absence types (enabled, of an enabled group), for pickers. */
export const justificationLookupQueryOptions = () =>
  queryOptions({
    queryKey: [...JUSTIFICATIONS_KEY, 'lookup'] as const,
    queryFn: async ({ signal }) =>
      (await api.get<Justification[]>('/attendance/ajax/justifications', undefined, signal)).data,
  });

export const useJustificationLookup = () => useQuery(justificationLookupQueryOptions());

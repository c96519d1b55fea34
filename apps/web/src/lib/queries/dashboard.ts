import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { Dashboard } from '@timbro/shared';
import { api } from '../api';
import { useAuth } from '../auth/auth-context';
import { takeEarly } from '../early-requests';
import { DASHBOARD_KEY } from '../query-keys';

/** A widget's part of the dashboard (`welcome`, `pendingRequests`…). */
export type DashboardSlice = Exclude<keyof Dashboard, 'today' | 'timeZone'>;

/**
 * GET /dashboard: every widget the user's roles may see, in one call; a widget they may not see is absent. Refetched
 * when the dashboard opens again (its figures are other lists' totals) and after any write (lib/query-client.ts).
 */
export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: DASHBOARD_KEY,
    // Right after the login the answer may already be on its way (lib/early-requests.ts); a failed early call asks again.
    queryFn: async ({ signal }) =>
      (await takeEarly<Dashboard>('/dashboard')?.catch(() => undefined)) ??
      (await api.get<Dashboard>('/dashboard', undefined, signal)).data,
    // Fresh for a moment only (the prefetch beside the page's code is not fetched twice); any write invalidates it.
    staleTime: 5_000,
  });

/** Only with an active workspace (someone without one has only the welcome, from their account). */
export function useDashboard() {
  const { workspaceId } = useAuth();
  return useQuery({ ...dashboardQueryOptions(), enabled: !!workspaceId });
}

/** One widget's part: `data` undefined while loading; `present` false when the call left it out for this role. */
export function useDashboardSlice<K extends DashboardSlice>(key: K) {
  const query = useDashboard();
  // Each widget follows the answer in a transition: React renders the widgets in slices that leave the browser free
  // between them, instead of one long task when the answer lands (the widget keeps its skeleton meanwhile).
  const answer = useDeferredValue(query.data);
  return {
    isLoading: query.isLoading || (!!query.data && !answer),
    isError: query.isError,
    error: query.error,
    today: answer?.today,
    timeZone: answer?.timeZone,
    data: answer?.[key] as Dashboard[K] | undefined,
    present: answer ? answer[key] !== undefined : null,
  };
}

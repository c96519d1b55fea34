import { paths } from '../config/paths';
import { loadCatalogArea } from '../i18n/i18n';
import { workspaceStore } from '../lib/workspace-store';
import { DASHBOARD_AREAS } from './dashboard-areas';

/**
 * Starts GET /dashboard at once, beside the dashboard's own code and texts rather than after them (the widgets would
 * ask for it only once mounted): the figures arrive with the page. Loaded lazily, like the query client (never on the
 * login route); without an active workspace there is no dashboard to ask for.
 */
export function prefetchDashboard(afterLogin = false) {
  // Right after the login no workspace is chosen yet: without the header the server answers for the one the workspace
  // list is about to name as current (the last used, or the first), so the figures are those the page will show.
  if (!afterLogin && !workspaceStore.get()) return;
  void Promise.all([import('../lib/query-client'), import('../lib/queries/dashboard')]).then(
    ([{ queryClient }, { dashboardQueryOptions }]) => queryClient.prefetchQuery(dashboardQueryOptions()),
  );
}

/**
 * Everything the dashboard needs, started together the moment the app is on its way there (the login's navigation,
 * or the dashboard opened directly): its data, its page's code and its texts — instead of one after the other (the
 * frame's code, then the page's, then its texts, then its data). The lazy page later finds them loaded.
 */
export function preloadDashboard(pathname: string) {
  if (pathname !== paths.dashboard) return;
  prefetchDashboard();
  preloadDashboardCode();
}

/** The dashboard page's code and texts (no data: while signing in, there is no session yet). */
export function preloadDashboardCode() {
  for (const area of DASHBOARD_AREAS) void loadCatalogArea(area);
  void import('../lib/query-client');
  void import('../lib/queries/dashboard');
  void import('./pages/dashboard-page');
}

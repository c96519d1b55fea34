import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { DASHBOARD_WIDGETS } from '../dashboard-widgets';

/** /dashboard: the dashboard page with the widget registry. */
export function DashboardRoute() {
  return <DashboardPage widgets={DASHBOARD_WIDGETS} />;
}

import type { DashboardWidget } from '../components/widget-grid';
import { ANNOUNCEMENT_WIDGETS } from '../features/announcements/widgets';
import { ATTENDANCE_WIDGETS } from '../features/attendance/widgets';
import { DASHBOARD_WIDGETS as HOME_WIDGETS } from '../features/dashboard/widgets';

/**
 * Every dashboard widget, in the order the dashboard shows them (like PROTECTED_ROUTES and NAV_SECTIONS): each feature
 * exports its own from `features/<f>/widgets.tsx`; a new one is added here. The page shows those the user may see.
 */
export const DASHBOARD_WIDGETS: readonly DashboardWidget[] = [
  ...HOME_WIDGETS,
  ...ATTENDANCE_WIDGETS,
  ...ANNOUNCEMENT_WIDGETS,
];

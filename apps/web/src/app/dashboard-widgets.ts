import type { DashboardWidget } from '../components/widget-grid';
import { ANNOUNCEMENT_WIDGETS } from '../features/announcements/widgets';
import { ATTENDANCE_WIDGETS } from '../features/attendance/dashboard/widgets';
import { CONTRACT_WIDGETS } from '../features/contracts/widgets';
import { DASHBOARD_WIDGETS as HOME_WIDGETS } from '../features/dashboard/widgets';
import { HOLIDAY_WIDGETS } from '../features/holidays/widgets';
import { USER_WIDGETS } from '../features/users/widgets';
import { NEXT_WEEK_WIDGETS, SWAP_WIDGETS } from '../features/work-shifts/widgets';

/**
 * The order the dashboard shows its widgets in: first who I am and what I must do now (the clock, decisions waiting),
 * then figures to keep an eye on, then the wide ones (the month's hours, next week's shifts). A key missing here is a
 * test failure (dashboard-widgets.test.ts), so a new widget must be placed.
 */
export const WIDGET_ORDER = [
  'welcome',
  'invitations',
  'clock',
  'pending-approvals',
  'swap-requests',
  'expiring-contracts',
  'active-employees',
  'next-holidays',
  'my-accruals',
  'my-requests',
  'announcements',
  'hours-by-group',
  'next-week',
] as const;

/**
 * Every dashboard widget (like PROTECTED_ROUTES and NAV_SECTIONS): each feature exports its own from
 * `features/<f>/widgets.tsx`; a new one is added here. The page shows those the user may see and GET /dashboard carries.
 */
export const ALL_WIDGETS: readonly DashboardWidget[] = [
  ...HOME_WIDGETS,
  ...ATTENDANCE_WIDGETS,
  ...SWAP_WIDGETS,
  ...CONTRACT_WIDGETS,
  ...USER_WIDGETS,
  ...HOLIDAY_WIDGETS,
  ...ANNOUNCEMENT_WIDGETS,
  ...NEXT_WEEK_WIDGETS,
];

const rank = (key: string) => (WIDGET_ORDER as readonly string[]).indexOf(key);
export const DASHBOARD_WIDGETS: readonly DashboardWidget[] = [...ALL_WIDGETS].sort((a, b) => rank(a.key) - rank(b.key));

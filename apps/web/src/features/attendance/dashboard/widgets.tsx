import type { DashboardWidget } from '../../../components/widget-grid';
import { ClockCard } from '../calendar/clock-card';
import { HoursByGroupWidget } from './hours-by-group-widget';
import { MyAccrualsWidget } from './my-accruals-widget';
import { MyRequestsWidget } from './my-requests-widget';
import { PendingApprovalsWidget } from './pending-approvals-widget';

function ClockWidget() {
  return <ClockCard testId="widget-clock" />;
}

/**
 * Attendance on the dashboard: the clock, the requests to approve, my balances, my pending requests and, for those who
 * read everyone's timesheet, the month's hours per group.
 */
export const ATTENDANCE_WIDGETS: DashboardWidget[] = [
  {
    key: 'clock',
    permission: 'attendance:write:own',
    component: ClockWidget,
    sx: { gridColumn: { md: '1 / -1', xl: 'span 2' } },
  },
  {
    key: 'pending-approvals',
    permission: 'request:approve',
    slice: 'pendingRequests',
    component: PendingApprovalsWidget,
  },
  { key: 'my-accruals', permission: 'attendance:read:own', slice: 'myAccruals', component: MyAccrualsWidget },
  { key: 'my-requests', permission: 'attendance:read:own', component: MyRequestsWidget },
  {
    key: 'hours-by-group',
    permission: 'attendance:read:any',
    component: HoursByGroupWidget,
    sx: { gridColumn: { md: '1 / -1' } },
  },
];

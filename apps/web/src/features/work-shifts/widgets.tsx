import type { DashboardWidget } from '../../components/widget-grid';
import { NextWeekWidget } from './my/next-week-widget';
import { SwapRequestsWidget } from './swaps/swap-requests-widget';

/**
 * Work shifts on the dashboard: the swap requests (the admin's to decide, the employee's to answer) and next week's
 * published shifts as a timeline. Their texts are the `home` catalog area, which the dashboard route loads.
 */
export const SWAP_WIDGETS: DashboardWidget[] = [
  {
    key: 'swap-requests',
    permission: 'workspace:read',
    anyOf: ['shift:write', 'shift:read:own'],
    slice: 'swapRequests',
    component: SwapRequestsWidget,
  },
];

export const NEXT_WEEK_WIDGETS: DashboardWidget[] = [
  {
    key: 'next-week',
    permission: 'workspace:read',
    anyOf: ['shift:write', 'shift:read:own'],
    slice: 'nextWeekShifts',
    component: NextWeekWidget,
    sx: { gridColumn: { md: '1 / -1' } },
  },
];

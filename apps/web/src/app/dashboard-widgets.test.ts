import { describe, expect, it } from 'vitest';
import { DASHBOARD_WIDGETS } from './dashboard-widgets';

describe('dashboard widget registry', () => {
  it('lists every widget once, in the dashboard order, each with the rule that shows it and its part of GET /dashboard', () => {
    expect(DASHBOARD_WIDGETS.map((w) => [w.key, w.permission, w.anyOf ?? null, w.slice ?? null])).toEqual([
      ['welcome', 'profile:read', null, null],
      ['invitations', 'profile:read', null, null],
      ['clock', 'attendance:write:own', null, null],
      ['pending-approvals', 'request:approve', null, 'pendingRequests'],
      ['swap-requests', 'workspace:read', ['shift:write', 'shift:read:own'], 'swapRequests'],
      ['expiring-contracts', 'contract:read', null, 'expiringContracts'],
      ['active-employees', 'user:read', null, 'activeEmployees'],
      ['next-holidays', 'workspace:read', null, 'nextHolidays'],
      ['my-accruals', 'attendance:read:own', null, 'myAccruals'],
      ['my-requests', 'attendance:read:own', null, null],
      ['announcements', 'workspace:read', ['announcement:read:own', 'announcement:read'], 'latestAnnouncements'],
      ['hours-by-group', 'attendance:read:any', null, null],
      ['next-week', 'workspace:read', ['shift:write', 'shift:read:own'], 'nextWeekShifts'],
    ]);
  });
});

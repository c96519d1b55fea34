import { describe, expect, it } from 'vitest';
import { DASHBOARD_WIDGETS } from './dashboard-widgets';

describe('dashboard widget registry', () => {
  it('lists every widget once, in the dashboard order, each with the permission that shows it', () => {
    expect(DASHBOARD_WIDGETS.map((w) => [w.key, w.permission])).toEqual([
      ['welcome', 'profile:read'],
      ['invitations', 'profile:read'],
      ['clock', 'attendance:write:own'],
      ['pending-approvals', 'request:approve'],
      ['my-accruals', 'attendance:read:own'],
      ['my-requests', 'attendance:read:own'],
      ['my-announcements', 'announcement:read:own'],
      ['sent-announcements', 'announcement:read'],
    ]);
  });
});

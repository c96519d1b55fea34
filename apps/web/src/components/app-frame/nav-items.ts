import { paths } from '../../config/paths';
import { SETTINGS_SCREEN, type PermissionRule } from '../../lib/permissions';

export interface NavItem {
  key: string;
  to: string;
  permission: PermissionRule;
  icon: string;
}

export interface NavSection {
  key: 'dashboard' | 'administration' | 'employeeArea' | 'integrations' | 'platform';
  items: NavItem[];
}

/** Sidebar entries of spec section 2, each behind the permission of the page it opens. */
export const NAV_SECTIONS: NavSection[] = [
  {
    key: 'dashboard',
    items: [{ key: 'dashboard', to: paths.dashboard, permission: 'profile:read', icon: 'dashboard' }],
  },
  {
    key: 'administration',
    items: [
      { key: 'users', to: paths.adminUser, permission: 'user:read', icon: 'people' },
      { key: 'groups', to: paths.adminGroup, permission: 'group:read', icon: 'groups' },
      { key: 'contracts', to: paths.adminContract, permission: 'contract:read', icon: 'contract' },
      { key: 'timeSlots', to: paths.adminTimeSlot, permission: SETTINGS_SCREEN, icon: 'schedule' },
      {
        key: 'attendanceCalendar',
        to: paths.adminAttendanceCalendar,
        permission: 'attendance:read:any',
        icon: 'calendar',
      },
      {
        key: 'absenceRequests',
        to: paths.adminJustificationRequest,
        permission: 'attendance:read:any',
        icon: 'requests',
      },
      { key: 'timesheet', to: paths.timesheet, permission: 'attendance:read:any', icon: 'timesheet' },
      { key: 'holidays', to: paths.adminHoliday, permission: SETTINGS_SCREEN, icon: 'holiday' },
      { key: 'monthLogs', to: paths.adminMonthLog, permission: 'month-log:read', icon: 'monthLog' },
      { key: 'paySlips', to: paths.adminPaycheck, permission: 'paycheck:read', icon: 'paySlip' },
      { key: 'documents', to: paths.adminDocument, permission: 'document:write', icon: 'document' },
      { key: 'announcements', to: paths.adminAnnouncement, permission: 'announcement:write', icon: 'announcement' },
      { key: 'workShifts', to: paths.adminWorkShift, permission: 'shift:write', icon: 'shift' },
      { key: 'shiftSwaps', to: paths.adminShiftSwap, permission: 'shift:write', icon: 'shift' },
      { key: 'justifications', to: paths.adminJustification, permission: SETTINGS_SCREEN, icon: 'justification' },
      { key: 'settings', to: paths.adminSettings, permission: SETTINGS_SCREEN, icon: 'settings' },
    ],
  },
  {
    key: 'employeeArea',
    items: [
      { key: 'myCalendar', to: paths.memberCalendar, permission: 'attendance:read:own', icon: 'calendar' },
      { key: 'myPaySlips', to: paths.memberPaycheck, permission: 'paycheck:read:own', icon: 'paySlip' },
      { key: 'myDocuments', to: paths.memberDocument, permission: 'document:read:own', icon: 'document' },
      {
        key: 'myAnnouncements',
        to: paths.memberAnnouncement,
        permission: 'announcement:read:own',
        icon: 'announcement',
      },
      { key: 'myWorkShifts', to: paths.memberWorkShift, permission: 'shift:read:own', icon: 'shift' },
      { key: 'myShiftSwaps', to: paths.memberShiftSwap, permission: 'shift:read:own', icon: 'shift' },
    ],
  },
  {
    key: 'integrations',
    items: [
      { key: 'payrollIntegration', to: paths.integrationCompany, permission: 'payroll:settings', icon: 'integration' },
    ],
  },
  {
    // The platform operator's area (ADR 0023): the workspaces of the whole platform.
    key: 'platform',
    items: [
      { key: 'platformWorkspaces', to: paths.operatorWorkspaces, permission: 'platform:manage', icon: 'company' },
    ],
  },
];

import type { Permission } from '@timbro/shared';
import { paths } from '../../config/paths';

export interface NavItem {
  key: string;
  to: string;
  permission: Permission;
  icon: string;
}

export interface NavSection {
  key: 'dashboard' | 'administration' | 'employeeArea' | 'integrations';
  items: NavItem[];
}

/** Sidebar entries of spec section 2, each behind the permission of the page it opens. */
export const NAV_SECTIONS: NavSection[] = [
  { key: 'dashboard', items: [{ key: 'dashboard', to: paths.dashboard, permission: 'profile:read', icon: 'dashboard' }] },
  {
    key: 'administration',
    items: [
      { key: 'users', to: paths.adminUser, permission: 'user:read', icon: 'people' },
      { key: 'groups', to: paths.adminGroup, permission: 'group:read', icon: 'groups' },
      { key: 'contracts', to: paths.adminContract, permission: 'contract:read', icon: 'contract' },
      { key: 'timeSlots', to: paths.adminTimeSlot, permission: 'settings:write', icon: 'schedule' },
      { key: 'attendanceCalendar', to: paths.adminAttendanceCalendar, permission: 'attendance:read:any', icon: 'calendar' },
      { key: 'holidays', to: paths.adminHoliday, permission: 'settings:write', icon: 'holiday' },
      { key: 'monthLogs', to: paths.adminMonthLog, permission: 'month-log:read', icon: 'monthLog' },
      { key: 'paySlips', to: paths.adminPaycheckImport, permission: 'paycheck:write', icon: 'paySlip' },
      { key: 'documents', to: paths.adminDocument, permission: 'document:write', icon: 'document' },
      { key: 'announcements', to: paths.adminAnnouncement, permission: 'announcement:write', icon: 'announcement' },
      { key: 'workShifts', to: paths.adminWorkShift, permission: 'shift:write', icon: 'shift' },
      { key: 'justifications', to: paths.adminJustification, permission: 'settings:write', icon: 'justification' },
      { key: 'settings', to: paths.adminSettings, permission: 'settings:write', icon: 'settings' },
    ],
  },
  {
    key: 'employeeArea',
    items: [
      { key: 'myCalendar', to: paths.memberCalendar, permission: 'attendance:read:own', icon: 'calendar' },
      { key: 'myPaySlips', to: paths.memberPaycheck, permission: 'paycheck:read:own', icon: 'paySlip' },
      { key: 'myDocuments', to: paths.memberDocument, permission: 'document:read:own', icon: 'document' },
      { key: 'myAnnouncements', to: paths.memberAnnouncement, permission: 'announcement:read:own', icon: 'announcement' },
      { key: 'myWorkShifts', to: paths.memberWorkShift, permission: 'shift:read:own', icon: 'shift' },
    ],
  },
  {
    key: 'integrations',
    items: [{ key: 'payrollIntegration', to: paths.integrationCompany, permission: 'payroll:settings', icon: 'integration' }],
  },
];

import type { Permission } from '@timbro/shared';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '../config/paths';

type Page = LazyExoticComponent<ComponentType>;

const placeholder = (titleKey: string): Page =>
  lazy(async () => {
    const { PlaceholderPage } = await import('../components/placeholder-page');
    return { default: () => <PlaceholderPage titleKey={titleKey} /> };
  });

export interface ProtectedRoute {
  path: string;
  permission: Permission;
  page: Page;
}

/**
 * Every route of the spec's route table (and the screens the spec names without a path), each with the
 * permission it needs. Screens of later releases are proper "coming soon" pages.
 */
export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { path: paths.dashboard, permission: 'profile:read', page: lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage }))) },
  { path: paths.myAccount, permission: 'profile:read', page: lazy(() => import('../features/profile/my-account-page').then((m) => ({ default: m.MyAccountPage }))) },
  { path: paths.adminUser, permission: 'user:read', page: lazy(() => import('../features/users/user-list-page').then((m) => ({ default: m.UserListPage }))) },
  { path: paths.adminUserNew, permission: 'user:write', page: lazy(() => import('../features/users/user-form-page').then((m) => ({ default: m.UserNewPage }))) },
  { path: paths.adminUserImport, permission: 'user:write', page: lazy(() => import('../features/users/user-import-page').then((m) => ({ default: m.UserImportPage }))) },
  { path: paths.adminUserEdit, permission: 'user:write', page: lazy(() => import('../features/users/user-form-page').then((m) => ({ default: m.UserEditPage }))) },
  { path: paths.adminUserDetail, permission: 'user:read', page: lazy(() => import('../features/users/user-detail-page').then((m) => ({ default: m.UserDetailPage }))) },
  { path: paths.adminUserContract, permission: 'contract:read', page: placeholder('nav.items.contracts') },
  { path: paths.adminUserPaycheck, permission: 'paycheck:write', page: placeholder('nav.items.paySlips') },
  { path: paths.adminUserDocument, permission: 'document:write', page: placeholder('nav.items.documents') },
  { path: paths.adminPaycheckImport, permission: 'paycheck:write', page: placeholder('nav.items.paySlips') },
  { path: paths.adminContract, permission: 'contract:read', page: placeholder('nav.items.contracts') },
  { path: paths.adminGroup, permission: 'group:read', page: lazy(() => import('../features/groups/group-list-page').then((m) => ({ default: m.GroupListPage }))) },
  { path: paths.adminGroupNew, permission: 'group:write', page: lazy(() => import('../features/groups/group-form-page').then((m) => ({ default: m.GroupNewPage }))) },
  { path: paths.adminGroupEdit, permission: 'group:write', page: lazy(() => import('../features/groups/group-form-page').then((m) => ({ default: m.GroupEditPage }))) },
  { path: paths.adminTimeSlot, permission: 'settings:write', page: placeholder('nav.items.timeSlots') },
  { path: paths.adminTemplateDay, permission: 'settings:write', page: placeholder('pages.templateDay') },
  { path: paths.adminTemplateWeek, permission: 'settings:write', page: placeholder('pages.templateWeek') },
  { path: paths.adminHoliday, permission: 'settings:write', page: placeholder('nav.items.holidays') },
  { path: paths.adminJustification, permission: 'settings:write', page: placeholder('nav.items.justifications') },
  { path: paths.adminWorkspace, permission: 'workspace:update', page: placeholder('pages.companyDetails') },
  { path: paths.adminSettings, permission: 'settings:write', page: placeholder('nav.items.settings') },
  { path: paths.adminNotificationSettings, permission: 'profile:read', page: placeholder('pages.notificationSettings') },
  { path: paths.adminAttendanceCalendar, permission: 'attendance:read:any', page: placeholder('nav.items.attendanceCalendar') },
  { path: paths.adminMonthLog, permission: 'month-log:read', page: placeholder('nav.items.monthLogs') },
  { path: paths.adminAnnouncement, permission: 'announcement:write', page: placeholder('nav.items.announcements') },
  { path: paths.adminDocument, permission: 'document:write', page: placeholder('nav.items.documents') },
  { path: paths.adminWorkShift, permission: 'shift:write', page: placeholder('nav.items.workShifts') },
  { path: paths.memberCalendar, permission: 'attendance:read:own', page: placeholder('nav.items.myCalendar') },
  { path: paths.memberPaycheck, permission: 'paycheck:read:own', page: placeholder('nav.items.myPaySlips') },
  { path: paths.memberDocument, permission: 'document:read:own', page: placeholder('nav.items.myDocuments') },
  { path: paths.memberAnnouncement, permission: 'announcement:read:own', page: placeholder('nav.items.myAnnouncements') },
  { path: paths.memberWorkShift, permission: 'shift:read:own', page: placeholder('nav.items.myWorkShifts') },
  { path: paths.integrationCompany, permission: 'payroll:settings', page: placeholder('pages.integrationCompany') },
  { path: paths.integrationUserInfo, permission: 'payroll:settings', page: placeholder('pages.integrationUserInfo') },
  { path: paths.integrationJustification, permission: 'payroll:settings', page: placeholder('pages.integrationJustification') },
  { path: paths.timesheet, permission: 'attendance:read:any', page: placeholder('pages.timesheet') },
];

export const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() => import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })));
export const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })));
export const SetPasswordPage = lazy(() => import('../features/auth/set-password-page').then((m) => ({ default: m.SetPasswordPage })));

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { paths } from '../config/paths';
import { loadCatalogArea, type CatalogArea } from '../i18n/i18n';
import { SETTINGS_SCREEN, type PermissionRule } from '../lib/permissions';

type Page = LazyExoticComponent<ComponentType>;

/** A page whose texts live in catalog areas (i18n.ts): its module and those texts load together. */
const withTexts =
  (...areas: CatalogArea[]) =>
  <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType): Page =>
    lazy(async () => {
      const [m] = await Promise.all([load(), ...areas.map(loadCatalogArea)]);
      return { default: pick(m) };
    });
const people = withTexts('people');
const workingTime = withTexts('workingTime');
const attendance = withTexts('attendance');
/** The employee record shows contracts and balances too. */
const peopleAndWorkingTime = withTexts('people', 'workingTime');

const placeholder = (titleKey: string): Page =>
  lazy(async () => {
    const { PlaceholderPage } = await import('../components/placeholder-page');
    return { default: () => <PlaceholderPage titleKey={titleKey} /> };
  });

export interface ProtectedRoute {
  path: string;
  permission: PermissionRule;
  page: Page;
}

/**
 * Every route of the spec's route table (and the screens the spec names without a path), each with the
 * permission it needs. Screens of later releases are proper "coming soon" pages.
 */
export const PROTECTED_ROUTES: ProtectedRoute[] = [
  {
    path: paths.dashboard,
    permission: 'profile:read',
    page: attendance(
      () => import('./pages/dashboard-page'),
      (m) => m.DashboardRoute,
    ),
  },
  {
    path: paths.myAccount,
    permission: 'profile:read',
    page: lazy(() => import('../features/profile/my-account-page').then((m) => ({ default: m.MyAccountPage }))),
  },
  {
    path: paths.adminUser,
    permission: 'user:read',
    page: people(
      () => import('../features/users/user-list-page'),
      (m) => m.UserListPage,
    ),
  },
  {
    path: paths.adminUserNew,
    permission: 'user:write',
    page: people(
      () => import('../features/users/user-form-page'),
      (m) => m.UserNewPage,
    ),
  },
  {
    path: paths.adminUserImport,
    permission: 'user:write',
    page: people(
      () => import('../features/users/user-import-page'),
      (m) => m.UserImportPage,
    ),
  },
  {
    path: paths.adminUserEdit,
    permission: 'user:write',
    page: people(
      () => import('../features/users/user-form-page'),
      (m) => m.UserEditPage,
    ),
  },
  {
    path: paths.adminUserDetail,
    permission: 'user:read',
    page: peopleAndWorkingTime(
      () => import('./pages/user-detail-page'),
      (m) => m.UserDetailRoute,
    ),
  },
  {
    path: paths.adminUserContract,
    permission: 'contract:read',
    page: workingTime(
      () => import('./pages/contract-pages'),
      (m) => m.UserContractsRoute,
    ),
  },
  {
    path: paths.adminUserContractNew,
    permission: 'contract:write',
    page: workingTime(
      () => import('./pages/contract-pages'),
      (m) => m.ContractNewRoute,
    ),
  },
  {
    path: paths.adminUserContractEdit,
    permission: 'contract:write',
    page: workingTime(
      () => import('./pages/contract-pages'),
      (m) => m.ContractEditRoute,
    ),
  },
  { path: paths.adminUserPaycheck, permission: 'paycheck:write', page: placeholder('nav.items.paySlips') },
  { path: paths.adminUserDocument, permission: 'document:write', page: placeholder('nav.items.documents') },
  { path: paths.adminPaycheckImport, permission: 'paycheck:write', page: placeholder('nav.items.paySlips') },
  {
    path: paths.adminContract,
    permission: 'contract:read',
    page: workingTime(
      () => import('../features/contracts/contract-list-page'),
      (m) => m.ContractListPage,
    ),
  },
  {
    path: paths.adminGroup,
    permission: 'group:read',
    page: people(
      () => import('../features/groups/group-list-page'),
      (m) => m.GroupListPage,
    ),
  },
  {
    path: paths.adminGroupNew,
    permission: 'group:write',
    page: people(
      () => import('../features/groups/group-form-page'),
      (m) => m.GroupNewPage,
    ),
  },
  {
    path: paths.adminGroupEdit,
    permission: 'group:write',
    page: people(
      () => import('../features/groups/group-form-page'),
      (m) => m.GroupEditPage,
    ),
  },
  {
    path: paths.adminTimeSlot,
    permission: SETTINGS_SCREEN,
    page: workingTime(
      () => import('../features/templates/time-slot-index-page'),
      (m) => m.TimeSlotIndexPage,
    ),
  },
  {
    path: paths.adminTemplateDay,
    permission: SETTINGS_SCREEN,
    page: workingTime(
      () => import('../features/templates/template-day-list-page'),
      (m) => m.TemplateDayListPage,
    ),
  },
  {
    path: paths.adminTemplateDayNew,
    permission: 'settings:write',
    page: workingTime(
      () => import('../features/templates/template-day-form-page'),
      (m) => m.TemplateDayNewPage,
    ),
  },
  {
    path: paths.adminTemplateDayEdit,
    permission: 'settings:write',
    page: workingTime(
      () => import('../features/templates/template-day-form-page'),
      (m) => m.TemplateDayEditPage,
    ),
  },
  {
    path: paths.adminTemplateWeek,
    permission: SETTINGS_SCREEN,
    page: workingTime(
      () => import('../features/templates/template-week-list-page'),
      (m) => m.TemplateWeekListPage,
    ),
  },
  {
    path: paths.adminTemplateWeekNew,
    permission: 'settings:write',
    page: workingTime(
      () => import('../features/templates/template-week-form-page'),
      (m) => m.TemplateWeekNewPage,
    ),
  },
  {
    path: paths.adminTemplateWeekEdit,
    permission: 'settings:write',
    page: workingTime(
      () => import('../features/templates/template-week-form-page'),
      (m) => m.TemplateWeekEditPage,
    ),
  },
  {
    path: paths.adminHoliday,
    permission: SETTINGS_SCREEN,
    page: workingTime(
      () => import('../features/holidays/holiday-list-page'),
      (m) => m.HolidayListPage,
    ),
  },
  {
    path: paths.adminHolidayNew,
    permission: 'settings:write',
    page: workingTime(
      () => import('../features/holidays/holiday-form-page'),
      (m) => m.HolidayNewPage,
    ),
  },
  {
    path: paths.adminHolidayEdit,
    permission: 'settings:write',
    page: workingTime(
      () => import('../features/holidays/holiday-form-page'),
      (m) => m.HolidayEditPage,
    ),
  },
  {
    path: paths.adminJustification,
    permission: SETTINGS_SCREEN,
    page: workingTime(
      () => import('../features/justifications/justification-page'),
      (m) => m.JustificationPage,
    ),
  },
  { path: paths.adminWorkspace, permission: 'workspace:update', page: placeholder('pages.companyDetails') },
  { path: paths.adminSettings, permission: 'settings:write', page: placeholder('nav.items.settings') },
  {
    path: paths.adminNotificationSettings,
    permission: 'profile:read',
    page: placeholder('pages.notificationSettings'),
  },
  {
    path: paths.adminAttendanceCalendar,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/admin-calendar-page'),
      (m) => m.AdminCalendarPage,
    ),
  },
  {
    path: paths.adminJustificationRequest,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/approvals-page'),
      (m) => m.ApprovalsPage,
    ),
  },
  {
    path: paths.adminPunchImport,
    permission: 'attendance:write:any',
    page: attendance(
      () => import('../features/attendance/punch-import-page'),
      (m) => m.PunchImportPage,
    ),
  },
  { path: paths.adminMonthLog, permission: 'month-log:read', page: placeholder('nav.items.monthLogs') },
  { path: paths.adminAnnouncement, permission: 'announcement:write', page: placeholder('nav.items.announcements') },
  { path: paths.adminDocument, permission: 'document:write', page: placeholder('nav.items.documents') },
  { path: paths.adminWorkShift, permission: 'shift:write', page: placeholder('nav.items.workShifts') },
  {
    path: paths.memberCalendar,
    permission: 'attendance:read:own',
    page: attendance(
      () => import('../features/attendance/member-calendar-page'),
      (m) => m.MemberCalendarPage,
    ),
  },
  { path: paths.memberPaycheck, permission: 'paycheck:read:own', page: placeholder('nav.items.myPaySlips') },
  { path: paths.memberDocument, permission: 'document:read:own', page: placeholder('nav.items.myDocuments') },
  {
    path: paths.memberAnnouncement,
    permission: 'announcement:read:own',
    page: placeholder('nav.items.myAnnouncements'),
  },
  { path: paths.memberWorkShift, permission: 'shift:read:own', page: placeholder('nav.items.myWorkShifts') },
  { path: paths.integrationCompany, permission: 'payroll:settings', page: placeholder('pages.integrationCompany') },
  { path: paths.integrationUserInfo, permission: 'payroll:settings', page: placeholder('pages.integrationUserInfo') },
  {
    path: paths.integrationJustification,
    permission: 'payroll:settings',
    page: placeholder('pages.integrationJustification'),
  },
  {
    path: paths.timesheet,
    permission: 'attendance:read:any',
    page: attendance(
      () => import('../features/attendance/timesheet-page'),
      (m) => m.TimesheetPageScreen,
    ),
  },
];

export const LoginPage = lazy(() => import('../features/auth/login-page').then((m) => ({ default: m.LoginPage })));
export const RegisterPage = lazy(() =>
  import('../features/auth/register-page').then((m) => ({ default: m.RegisterPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('../features/auth/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
export const SetPasswordPage = lazy(() =>
  import('../features/auth/set-password-page').then((m) => ({ default: m.SetPasswordPage })),
);
export const VerifyEmailPage = lazy(() =>
  import('../features/auth/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);

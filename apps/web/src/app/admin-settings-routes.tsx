import { paths } from '../config/paths';
import { SETTINGS_SCREEN } from '../lib/permissions';
import { notifications, payroll, workingTime, workspace, type ProtectedRoute } from './lazy-page';

/** The workspace's settings: time slots, day and week templates, holidays, justifications and the company. */
export const ADMIN_SETTINGS_ROUTES: ProtectedRoute[] = [
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
  {
    // Admins edit the company details; the accountant (settings:read) sees them read-only.
    path: paths.adminWorkspace,
    permission: 'settings:read',
    page: workspace(
      () => import('../features/company/company-page'),
      (m) => m.CompanyDetailsPage,
    ),
  },
  {
    // The index, with the approval rule and the time zone set on it; read-only without workspace:update.
    path: paths.adminSettings,
    permission: SETTINGS_SCREEN,
    page: workspace(
      () => import('./pages/settings-index-page'),
      (m) => m.SettingsIndexPage,
    ),
  },
  {
    // Everyone's own notification settings (any role); admins edit the company's defaults there too.
    path: paths.adminNotificationSettings,
    permission: 'notification:own',
    page: notifications(
      () => import('../features/notifications/notification-settings-page'),
      (m) => m.NotificationSettingsPage,
    ),
  },
];

/** The payroll software's integration settings: company codes, employees' codes, absence types' codes. */
export const INTEGRATION_ROUTES: ProtectedRoute[] = [
  {
    path: paths.integrationCompany,
    permission: 'payroll:settings',
    page: payroll(
      () => import('../features/payroll/payroll-company-page'),
      (m) => m.PayrollCompanyPage,
    ),
  },
  {
    path: paths.integrationUserInfo,
    permission: 'payroll:settings',
    page: payroll(
      () => import('../features/payroll/payroll-employees-page'),
      (m) => m.PayrollEmployeesPage,
    ),
  },
  {
    path: paths.integrationJustification,
    permission: 'payroll:settings',
    page: payroll(
      () => import('../features/payroll/payroll-justifications-page'),
      (m) => m.PayrollJustificationsPage,
    ),
  },
];
